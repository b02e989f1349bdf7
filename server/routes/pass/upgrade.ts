import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passUpgradeBodySchema } from '#shared/contracts/account.ts';
import { orderSchema } from '#shared/contracts/registration.ts';
import type { OrderLine } from '#shared/pricing.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { passes, passTypes } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { completeIfFree, loadOrderDto, sendOrderConfirmation } from '../../services/orders/order-completion.ts';
import { placeOpenOrder, singleLine } from '../../services/orders/order-pricing.ts';
import { authOf } from '../../types.ts';

export const UPGRADE_MESSAGES = {
  typeNotFound: 'Pass type not found.',
  pending: 'Your pass is awaiting approval. You can upgrade it once it has been approved.',
  closed: 'Your pass can no longer be upgraded.',
  notUpgradeable: 'This upgrade is not available for your pass.',
  notBuyable: 'This pass cannot be bought here. Please choose a paid pass.',
} as const;

/**
 * What the user may buy: with an approved pass, an active paid-upgrade type that lists the current
 * type in upgradeableBy; without any pass (a vendor, docs/behaviour.md §6), an active paid type with a price.
 */
async function upgradeLine(tx: Db, userId: string, passTypeId: number): Promise<OrderLine> {
  const [target] = await tx.select().from(passTypes).where(eq(passTypes.id, passTypeId));
  if (!target?.active) throw new HttpProblem(404, UPGRADE_MESSAGES.typeNotFound);
  const [own] = await tx
    .select({ pass: passes, typeName: passTypes.name })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(eq(passes.userId, userId));
  if (!own) {
    if (target.kind !== 'paid' || target.priceCents <= 0) throw new HttpProblem(409, UPGRADE_MESSAGES.notBuyable);
    return singleLine('pass', target.name, target.priceCents);
  }
  if (own.pass.status === 'pending') throw new HttpProblem(409, UPGRADE_MESSAGES.pending);
  if (own.pass.status !== 'approved') throw new HttpProblem(409, UPGRADE_MESSAGES.closed);
  if (target.kind !== 'paid-upgrade' || !target.upgradeableBy.includes(own.pass.passTypeId)) {
    throw new HttpProblem(409, UPGRADE_MESSAGES.notUpgradeable);
  }
  return singleLine('upgrade', `${target.name} (from ${own.typeName})`, target.priceCents);
}

async function placeUpgradeOrder(tx: Db, userId: string, passTypeId: number) {
  await lockUser(tx, userId);
  const line = await upgradeLine(tx, userId, passTypeId);
  const order = await placeOpenOrder(tx, { userId, kind: 'upgrade', subject: { passTypeId }, lines: [line] });
  const completed = await completeIfFree(tx, order);
  return { order: await loadOrderDto(tx, completed?.order ?? order), completed };
}

/**
 * POST /api/pass/upgrade: the open upgrade order for a pass type, paid through POST
 * /api/payment/session. The user has one open upgrade order: asking again (for this or another
 * type) answers it, re-priced. Payment changes the pass type and re-issues the barcode.
 */
export const passUpgradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upgrade',
    {
      onRequest: app.authenticate,
      schema: { tags: ['pass'], body: passUpgradeBodySchema, response: { 201: orderSchema } },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const { order, completed } = await app.db.transaction((tx) => placeUpgradeOrder(tx, userId, request.body.passTypeId));
      if (completed) await sendOrderConfirmation(app, completed, publicUrl(app.config), request.log);
      return reply.code(201).send(order);
    },
  );
};
