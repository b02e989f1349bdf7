import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { firstOrNull } from '../../lib/session-rules.ts';
import type { trainTicketOrderBodySchema } from '../../shared/contracts/account.ts';
import { type TrainTicket, trainTicketSchema, trainTicketTypeSchema } from '../../shared/contracts/catalog.ts';
import { orderSchema } from '../../shared/contracts/registration.ts';

const ticketsSchema = z.array(trainTicketSchema);
const ticketTypesSchema = z.array(trainTicketTypeSchema);

export type TrainTicketType = z.infer<typeof trainTicketTypeSchema>;

/** GET /api/train-ticket: docs/behaviour.md §3 uses the first ticket of the list; null without one. */
export async function fetchTrainTicket(signal?: AbortSignal): Promise<TrainTicket | null> {
  return firstOrNull(await api('/api/train-ticket', ticketsSchema, { signal }));
}

/** GET /api/train-ticket/type: the tickets on sale, cheapest first. */
export function fetchTrainTicketTypes(signal?: AbortSignal): Promise<TrainTicketType[]> {
  return api('/api/train-ticket/type', ticketTypesSchema, { signal });
}

/** POST /api/train-ticket: an open order (kind 'train-ticket') for one return ticket; 409 with a ticket already. */
export function orderTrainTicket(typeId: number) {
  const body: z.infer<typeof trainTicketOrderBodySchema> = { typeId };
  return api('/api/train-ticket', orderSchema, { method: 'POST', body });
}

/** The provider comes back to the buy page either way, with ?session= (and payment=failed when it failed). */
export const TRAIN_TICKET_REDIRECTS = {
  redirectSuccess: '/train-ticket/buy/return',
  redirectCancel: '/train-ticket/buy/return?payment=failed',
} as const;
