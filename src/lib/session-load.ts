import { z } from 'zod/mini';
import {
  type Address,
  addressSchema,
  type Booking,
  bookingSchema,
  type Pass,
  passSchema,
  type SurveyEntry,
  type SurveyQuestion,
  surveyEntrySchema,
  surveyQuestionSchema,
  type TrainTicket,
  trainTicketSchema,
} from '../shared/contracts/catalog.ts';
import { type User, userSchema } from '../shared/contracts/user.ts';
import { ApiError, api } from './api.ts';
import { firstOrNull, SESSION_SNAPSHOT_KEY } from './session-rules.ts';

/**
 * The network half of the session: the start-up calls of docs/behaviour.md §4 with their zod schemas. Loaded
 * on demand by src/lib/session.ts, so pages that only need the session atoms (the sign-in page on a
 * cold visit) do not pay for it.
 */

const snapshotSchema = z.object({ user: userSchema, pass: z.nullable(passSchema) });

/** The offline snapshot written by session.ts, validated on the way back in. */
function readSnapshot(): { user: User; pass: Pass | null } | null {
  try {
    const parsed = snapshotSchema.safeParse(JSON.parse(localStorage.getItem(SESSION_SNAPSHOT_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type UserDataLoad =
  | { kind: 'unauthorized' }
  | {
      kind: 'loaded';
      user: User;
      pass: Pass | null;
      address: Address | null;
      bookings: Booking[];
      trainTicket: TrainTicket | null;
      surveyQuestions: SurveyQuestion[];
      /** null when the entries could not be loaded. */
      surveyEntries: SurveyEntry[] | null;
    };

const bookingsSchema = z.array(bookingSchema);
const trainTicketsSchema = z.array(trainTicketSchema);
const surveyQuestionsSchema = z.array(surveyQuestionSchema);
const surveyEntriesSchema = z.array(surveyEntrySchema);

/**
 * Everything in parallel: one round trip on app start. docs/behaviour.md §8 fallbacks: address → null (the
 * caller uses the empty default), bookings → [], train ticket → null. When the user call fails for
 * any reason but 401 (offline, server down), the last snapshot stands in for user and pass; without
 * one the error propagates to the error page.
 */
export async function fetchUserData(): Promise<UserDataLoad> {
  const [user, pass, address, bookings, trainTickets, questions, entries] = await Promise.allSettled([
    api('/api/user/', userSchema),
    api('/api/pass', z.nullable(passSchema)),
    api('/api/address/', z.nullable(addressSchema), { query: { type: 'billingAddress' } }),
    api('/api/booking', bookingsSchema, { query: { extended: true } }),
    api('/api/train-ticket', trainTicketsSchema),
    api('/api/survey/questions/', surveyQuestionsSchema),
    api('/api/survey', surveyEntriesSchema),
  ]);
  if (user.status === 'rejected' && user.reason instanceof ApiError && user.reason.status === 401) {
    return { kind: 'unauthorized' };
  }
  const snapshot = user.status === 'rejected' || pass.status === 'rejected' ? readSnapshot() : null;
  if (user.status === 'rejected' && !snapshot) throw user.reason;
  return {
    kind: 'loaded',
    user: user.status === 'fulfilled' ? user.value : (snapshot as { user: User }).user,
    // docs/behaviour.md §8: a failed pass load falls back to null; the snapshot's pass is the better null.
    pass: pass.status === 'fulfilled' ? pass.value : (snapshot?.pass ?? null),
    address: address.status === 'fulfilled' ? address.value : null,
    bookings: bookings.status === 'fulfilled' ? bookings.value : [],
    trainTicket: trainTickets.status === 'fulfilled' ? firstOrNull(trainTickets.value) : null,
    surveyQuestions: questions.status === 'fulfilled' ? questions.value : [],
    surveyEntries: entries.status === 'fulfilled' ? entries.value : null,
  };
}
