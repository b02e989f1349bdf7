import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type DisabledCount,
  disabledCountSchema,
  type VoucherBatchCreated,
  type VoucherPage,
  voucherBatchCreatedSchema,
  voucherBatchesSchema,
  voucherBatchRequestSchema,
  voucherPageSchema,
  voucherPassTypesSchema,
} from '#shared/contracts/organizer-admin.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import {
  createVoucherBatch,
  disableVoucher,
  disableVoucherBatch,
  listVoucherBatches,
  listVouchers,
  voucherPassTypeProblem,
  voucherPassTypes,
  vouchersCsv,
} from '../../services/orders/voucher-batches.ts';
import { normaliseVoucherCode } from '../../services/orders/vouchers.ts';
import { actorOf, recordExport } from './actor.ts';

const PAGE_MAX = 500;
/** Codes and batch names are letters, digits and hyphens (seeded codes included). */
const codeParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform(normaliseVoucherCode)
  .pipe(z.string().regex(/^[A-Z0-9-]+$/));
const batchParam = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9-]+$/);
const passTypeParam = z.coerce.number().int().min(1).max(2_147_483_647);
const filterQuery = { batch: batchParam.optional(), passType: passTypeParam.optional() };

export const organizerVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/vouchers',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Creates a batch of 1..5000 random voucher codes for a pass type: uses per code (null: unlimited), valid until, prefix [A-Z0-9-], code type.',
        body: voucherBatchRequestSchema,
        response: { 201: voucherBatchCreatedSchema },
      },
    },
    async (request, reply): Promise<VoucherBatchCreated> => {
      const problem = await voucherPassTypeProblem(db, request.body.passTypeId);
      if (problem) {
        const message =
          problem === 'unknown' ? 'There is no such pass type.' : 'Upgrades are bought for a pass, not registered with a code.';
        throw new HttpProblem(400, message, [{ path: 'passTypeId', message }]);
      }
      const created = await createVoucherBatch(db, actorOf(request), request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/vouchers',
    {
      schema: {
        tags: ['organizer'],
        description:
          "Voucher codes with their uses, in code order, filtered by batch or pass type; `next` is the following page's `after`.",
        querystring: z.object({
          ...filterQuery,
          after: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(100),
        }),
        response: { 200: voucherPageSchema },
      },
    },
    async (request): Promise<VoucherPage> => {
      const { batch, passType, after, limit } = request.query;
      return listVouchers(db, { batch, passTypeId: passType }, after, limit);
    },
  );

  app.get(
    '/vouchers/batches',
    {
      schema: {
        tags: ['organizer'],
        description: 'The voucher batches made in the console, newest first, with codes, uses and disabled codes.',
        response: { 200: voucherBatchesSchema },
      },
    },
    async () => ({ batches: await listVoucherBatches(db) }),
  );

  app.get(
    '/vouchers/pass-types',
    {
      schema: {
        tags: ['organizer'],
        description: 'The pass types voucher codes can be made for (every kind but upgrades), for the batch form.',
        response: { 200: voucherPassTypesSchema },
      },
    },
    async () => voucherPassTypes(db),
  );

  app.get(
    '/vouchers.csv',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Voucher codes as CSV (UTF-8 with a byte order mark, RFC 4180; cells that start like a formula get a leading apostrophe), filtered by batch or pass type.',
        querystring: z.object(filterQuery),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { batch, passType } = request.query;
      const csv = await vouchersCsv(db, { batch, passTypeId: passType });
      const file = `vouchers${batch ? `-${batch}` : ''}.csv`;
      await recordExport(db, request, 'vouchers', file, {
        ...(batch ? { batch } : {}),
        ...(passType ? { passTypeId: passType } : {}),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/vouchers/:code/disable',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Disables one code: the voucher check and registration then treat it as invalid. Disabling twice is harmless.',
        params: z.object({ code: codeParam }),
        response: { 200: disabledCountSchema },
      },
    },
    async (request): Promise<DisabledCount> => {
      if (!(await disableVoucher(db, actorOf(request), request.params.code))) throw notFound('Voucher');
      return { disabled: 1 };
    },
  );

  app.post(
    '/vouchers/batches/:batch/disable',
    {
      schema: {
        tags: ['organizer'],
        description: 'Disables every code of a batch that is still enabled; answers how many were disabled now.',
        params: z.object({ batch: batchParam }),
        response: { 200: disabledCountSchema },
      },
    },
    async (request): Promise<DisabledCount> => {
      const disabled = await disableVoucherBatch(db, actorOf(request), request.params.batch);
      if (disabled === null) throw notFound('Voucher batch');
      return { disabled };
    },
  );
};
