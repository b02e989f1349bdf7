import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type VoucherCheck, voucherCheckSchema } from '#shared/contracts/registration.ts';
import { passTypes } from '../../db/schema/index.ts';
import { perAddress } from '../../plugins/rate-limits.ts';
import { findVoucher, normaliseVoucherCode, voucherProblem } from '../../services/orders/vouchers.ts';
import { toPassTypeDto } from './dto.ts';

export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** A code unknown, expired, used up or of an inactive pass type answers valid: false (still 200). */
  app.get(
    '/voucher/:code',
    {
      config: perAddress(app.config.ADDRESS_RATE_LIMIT_PER_MINUTE),
      schema: {
        tags: ['pass'],
        params: z.object({ code: z.string().trim().min(1).max(64).transform(normaliseVoucherCode) }),
        response: { 200: voucherCheckSchema },
      },
    },
    async (request): Promise<VoucherCheck> => {
      const { code } = request.params;
      const voucher = await findVoucher(db, code);
      if (!voucher) return { code, valid: false, codeType: null, passType: null };
      const [type] = await db.select().from(passTypes).where(eq(passTypes.id, voucher.passTypeId)).limit(1);
      return {
        code,
        valid: voucherProblem(voucher) === null && type?.active === true,
        codeType: voucher.codeType,
        passType: type ? toPassTypeDto(type, voucher.codeType) : null,
      };
    },
  );
};
