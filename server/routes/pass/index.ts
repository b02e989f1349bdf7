import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Pass, type PassType, passSchema } from '../../../src/shared/contracts/index.ts';
import { passes, passTypes, vouchers } from '../../db/schema/index.ts';
import { authOf } from '../../types.ts';

export function toPassTypeDto(row: typeof passTypes.$inferSelect, codeType: string | null = null): PassType {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    price: row.priceCents,
    isFree: row.isFree,
    upgradeableBy: row.upgradeableBy,
    codeType,
  };
}

export const passRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** The signed-in user's pass, or null when they have none yet. */
  app.get(
    '/',
    { preHandler: app.authenticate, schema: { tags: ['pass'], response: { 200: z.nullable(passSchema) } } },
    async (request): Promise<Pass | null> => {
      const [row] = await db
        .select({ pass: passes, type: passTypes, codeType: vouchers.codeType })
        .from(passes)
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .leftJoin(vouchers, eq(vouchers.code, passes.voucherCode))
        .where(eq(passes.userId, authOf(request).userId))
        .limit(1);
      if (!row) return null;
      return {
        id: row.pass.id,
        status: row.pass.status,
        voucherCode: row.pass.voucherCode,
        createdAt: row.pass.createdAt.toISOString(),
        passType: toPassTypeDto(row.type, row.codeType),
      };
    },
  );
};
