// The agenda, exhibitors and personal favourites. Times are ISO instants; the app shows
// them in Europe/Berlin.
import { z } from 'zod/mini';
import { opBase, SYNC_BATCH_MAX } from './sync.ts';

export const speakerSchema = z.object({ name: z.string(), company: z.string(), title: z.string() });

/** GET /api/agenda: every session of the programme, ordered by start. */
export const agendaSessionSchema = z.object({
  id: z.int(),
  title: z.string(),
  abstract: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  room: z.string(),
  track: z.string(),
  speakers: z.array(speakerSchema),
});
export type AgendaSession = z.infer<typeof agendaSessionSchema>;

/** GET /api/exhibitors: every exhibitor with hall and booth (the floor plan highlights the booth). */
export const exhibitorSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  hall: z.string(),
  booth: z.string(),
  website: z.string(),
});
export type Exhibitor = z.infer<typeof exhibitorSchema>;

/** GET /api/agenda/favourites: the user's favourite session ids (the current state on the server). */
export const favouritesSchema = z.object({ sessionIds: z.array(z.int()) });

/** One change of the personal agenda, made on a device (possibly offline). */
export const favouriteOpSchema = z.object({
  ...opBase,
  sessionId: z.int().check(z.positive(), z.lte(2 ** 31 - 1)),
  favourite: z.boolean(),
});
export type FavouriteOp = z.infer<typeof favouriteOpSchema>;

/**
 * POST /api/agenda/favourites: a batch of ops, applied once each by id; the newest change per
 * session (by createdAt) wins, so devices that sync late do not undo newer changes.
 * Answers (syncResponseSchema, one per op in order): `created` — the first change stored for that
 * session; `updated` — a later change, also when a newer change already stands (recorded, but the
 * newer state stays: read GET /api/agenda/favourites after syncing to adopt it); `duplicate` — the
 * id was applied before (with `reason` when that first answer was a rejection); `rejected` — the
 * session is no longer on the agenda, or the id belongs to another account. A createdAt more than
 * 24 h ahead of the server clock counts as "now".
 */
export const favouriteOpsBodySchema = z.object({
  ops: z.array(favouriteOpSchema).check(z.minLength(1), z.maxLength(SYNC_BATCH_MAX)),
});
