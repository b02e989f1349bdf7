import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Pass, passSchema } from '#shared/contracts/index.ts';
import { passes, passTypes, vouchers } from '../../db/schema/index.ts';
import { authOf } from '../../types.ts';
import { passBadgeRoutes } from './badges.ts';
import { passBarcodeRoutes } from './barcode.ts';
import { toPassTypeDto } from './dto.ts';
import { eligibilityRoutes } from './eligibility.ts';
import { freeClaimRoutes } from './free-claim.ts';
import { takenPassesRoutes } from './taken-passes.ts';
import { passTypeRoutes } from './types.ts';
import { passUpgradeRoutes } from './upgrade.ts';
import { voucherRoutes } from './voucher.ts';

// Kept here too: other modules import the mapper from the pass routes' entry point.
export { toPassTypeDto } from './dto.ts';

export const passRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** The signed-in user's pass, or null when they have none yet. */
  app.get(
    '/',
    { onRequest: app.authenticate, schema: { tags: ['pass'], response: { 200: z.nullable(passSchema) } } },
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

  // Public registration lookups: pass types, voucher codes, eligibility, free-pass availability and claims.
  await app.register(passTypeRoutes);
  await app.register(voucherRoutes);
  await app.register(eligibilityRoutes);
  await app.register(takenPassesRoutes);
  await app.register(freeClaimRoutes);
  // The signed pass payload: public keys, revocation list, the user's barcode token.
  await app.register(passBarcodeRoutes);
  await app.register(passBadgeRoutes);
  // Upgrades (and a first pass for a vendor without one), paid through the payment provider.
  await app.register(passUpgradeRoutes);
};
