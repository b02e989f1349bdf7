import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trainTicketOrderBodySchema } from '#shared/contracts/account.ts';
import { trainTicketSchema, trainTicketTypeSchema } from '#shared/contracts/index.ts';
import { orderSchema } from '#shared/contracts/registration.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { trainTickets, trainTicketTypes } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { completeIfFree, loadOrderDto, sendOrderConfirmation } from '../../services/orders/order-completion.ts';
import { placeOpenOrder, singleLine } from '../../services/orders/order-pricing.ts';
import { authOf } from '../../types.ts';

export const TRAIN_TICKET_MESSAGES = {
  typeNotFound: 'Train ticket type not found.',
  alreadyHave: 'You already have a train ticket.',
} as const;

const toTypeDto = (t: typeof trainTicketTypes.$inferSelect) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  price: t.priceCents,
});

/**
 * The user's one open train-ticket order, behind the user's lock: one ticket per user, so a user
 * who has one is refused; asking again (for this or the other type) answers the same order.
 */
async function placeTicketOrder(tx: Db, userId: string, typeId: number) {
  await lockUser(tx, userId);
  const [type] = await tx.select().from(trainTicketTypes).where(eq(trainTicketTypes.id, typeId));
  if (!type) throw new HttpProblem(404, TRAIN_TICKET_MESSAGES.typeNotFound);
  const [owned] = await tx.select({ id: trainTickets.id }).from(trainTickets).where(eq(trainTickets.userId, userId)).limit(1);
  if (owned) throw new HttpProblem(409, TRAIN_TICKET_MESSAGES.alreadyHave);
  const order = await placeOpenOrder(tx, {
    userId,
    kind: 'train-ticket',
    subject: { trainTicketTypeId: type.id },
    lines: [singleLine('train-ticket', type.name, type.priceCents)],
  });
  const completed = await completeIfFree(tx, order);
  return { order: await loadOrderDto(tx, completed?.order ?? order), completed };
}

export const trainTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const auth = { onRequest: app.authenticate };

  app.get(
    '/',
    { ...auth, schema: { tags: ['train-ticket'], response: { 200: z.array(trainTicketSchema) } } },
    async (request) => {
      const rows = await db
        .select({ ticket: trainTickets, type: trainTicketTypes })
        .from(trainTickets)
        .innerJoin(trainTicketTypes, eq(trainTicketTypes.id, trainTickets.typeId))
        .where(eq(trainTickets.userId, authOf(request).userId))
        .orderBy(desc(trainTickets.createdAt));
      return rows.map(({ ticket, type }) => ({
        id: ticket.id,
        code: ticket.code,
        createdAt: ticket.createdAt.toISOString(),
        type: toTypeDto(type),
      }));
    },
  );

  app.get('/type', { ...auth, schema: { tags: ['train-ticket'], response: { 200: z.array(trainTicketTypeSchema) } } }, async () =>
    (await db.select().from(trainTicketTypes).orderBy(asc(trainTicketTypes.priceCents))).map(toTypeDto),
  );

  /** POST /api/train-ticket: an open order for one return ticket, paid through POST /api/payment/session (201). */
  app.post(
    '/',
    { ...auth, schema: { tags: ['train-ticket'], body: trainTicketOrderBodySchema, response: { 201: orderSchema } } },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const { order, completed } = await db.transaction((tx) => placeTicketOrder(tx, userId, request.body.typeId));
      if (completed) await sendOrderConfirmation(app, completed, publicUrl(app.config), request.log);
      return reply.code(201).send(order);
    },
  );
};
