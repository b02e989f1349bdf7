import { z } from 'zod/mini';
import { initialDay, type PreparedAgenda } from './agenda-model.ts';

/*
 * What the visitor chose on the agenda (view, day, search, filters). Kept in sessionStorage, so
 * going to the floor plan from a session's room and back restores the list instead of starting
 * over; read back through zod and checked against the loaded agenda. Stored with the user's id
 * and only restored for that user: the next person signing in on the device starts afresh.
 */

export type AgendaView = 'all' | 'mine' | 'now';

export interface AgendaUiState {
  view: AgendaView;
  day: string | null;
  query: string;
  track: string | null;
  room: string | null;
}

const STORAGE_KEY = 'agenda-ui';

const storedSchema = z.object({
  userId: z.optional(z.nullable(z.string())),
  view: z.optional(z.enum(['all', 'mine', 'now'])),
  day: z.optional(z.nullable(z.string())),
  query: z.optional(z.string().check(z.maxLength(200))),
  track: z.optional(z.nullable(z.string())),
  room: z.optional(z.nullable(z.string())),
});

/**
 * The state to start with: the stored one where it still fits the agenda, else the defaults. A
 * link naming a room (/agenda?room=Colosseo, from the floor plan) opens the full list filtered to it.
 */
export function resolveUiState(
  stored: unknown,
  userId: string | null,
  agenda: Pick<PreparedAgenda, 'days' | 'tracks' | 'rooms'>,
  now: number,
  live: boolean,
  linkedRoom: string | null = null,
): AgendaUiState {
  const parsed = storedSchema.safeParse(stored);
  const saved = parsed.success && parsed.data.userId === userId ? parsed.data : {};
  const known = (value: string | null | undefined, list: readonly string[]) =>
    value !== null && value !== undefined && list.includes(value) ? value : null;
  // During the event the live view is the most useful start; it is only offered while live.
  const view = saved.view === 'now' && !live ? 'all' : (saved.view ?? (live ? 'now' : 'all'));
  const room = known(linkedRoom, agenda.rooms);
  if (room)
    return { view: 'all', day: known(saved.day, agenda.days) ?? initialDay(agenda.days, now), query: '', track: null, room };
  return {
    view,
    day: known(saved.day, agenda.days) ?? initialDay(agenda.days, now),
    query: saved.query ?? '',
    track: known(saved.track, agenda.tracks),
    room: known(saved.room, agenda.rooms),
  };
}

export function readStoredUiState(): unknown {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function storeUiState(state: AgendaUiState, userId: string | null): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ userId, ...state }));
  } catch {
    // storage full or blocked: the choices are a convenience
  }
}
