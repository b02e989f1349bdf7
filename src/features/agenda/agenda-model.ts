import { dateFormat } from '../../i18n/formats.ts';
import { activeLanguage, type Language, translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { AgendaSession } from '../../shared/contracts/agenda.ts';
import { VENUE_TIME_ZONE } from '../../shared/venue-time-zone.ts';

/*
 * The agenda's pure rules: Berlin days and times, the search index, filters, grouping, overlaps of
 * favourites and the now/next view. No React and no clock of its own (callers pass `now`), so all
 * of it is unit-tested and cheap to run on every keystroke.
 */

// Intl formatters are costly to create and cheap to reuse: one each, for the whole app. The day key
// and the 24-hour clock read the same in every language the app speaks; the day labels do not.
const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
// Day keys are calendar dates, so their labels are formatted at noon UTC (the same date anywhere).
const DAY_LABELS = {
  short: { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' },
  long: { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

function dayLabel(day: string, style: keyof typeof DAY_LABELS, language: Language): string {
  return dateFormat(language, DAY_LABELS[style]).format(new Date(`${day}T12:00:00Z`));
}

// Sessions share few distinct start and end instants: remembering them keeps preparing 300+ sessions fast.
const dayCache = new Map<number, string>();
const timeCache = new Map<number, string>();

/** The Berlin calendar date of an instant, as 'YYYY-MM-DD'. */
export function berlinDay(ms: number): string {
  let day = dayCache.get(ms);
  if (day === undefined) {
    const parts = dayParts.formatToParts(ms);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    day = `${part('year')}-${part('month')}-${part('day')}`;
    dayCache.set(ms, day);
  }
  return day;
}

/** The Berlin wall-clock time of an instant, as 'HH:mm' (24 h). */
export function berlinTime(ms: number): string {
  let time = timeCache.get(ms);
  if (time === undefined) {
    time = clock.format(ms);
    timeCache.set(ms, time);
  }
  return time;
}

/** 'Tue 24 Mar' for a day key (de 'Di., 24. März'). */
export function shortDayLabel(day: string, language: Language = activeLanguage()): string {
  return dayLabel(day, 'short', language);
}

/** 'Tuesday 24 March' for a day key (de 'Dienstag, 24. März'). */
export function longDayLabel(day: string, language: Language = activeLanguage()): string {
  return dayLabel(day, 'long', language);
}

/** Lower case without accents, so 'muller' finds 'Müller' and 'CAFÉ' finds 'cafe'. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** A session with everything the list needs precomputed once (times, day, search text). */
export interface PreparedSession {
  readonly session: AgendaSession;
  readonly id: number;
  readonly startMs: number;
  readonly endMs: number;
  /** Berlin day key, 'YYYY-MM-DD'. */
  readonly day: string;
  /** Berlin 'HH:mm'. */
  readonly start: string;
  readonly end: string;
  readonly minutes: number;
  /** Position of the track among all tracks (alphabetical): picks its colour. */
  readonly trackIndex: number;
  /** Title, abstract, speakers, companies, room and track, normalised. */
  readonly searchText: string;
}

export interface PreparedAgenda {
  sessions: PreparedSession[];
  /** Days with sessions, in order. */
  days: string[];
  tracks: string[];
  rooms: string[];
  byId: Map<number, PreparedSession>;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/** Orders by start, then room, then title: the order of the list and of the exported calendar. */
export function compareSessions(a: PreparedSession, b: PreparedSession): number {
  return (
    a.startMs - b.startMs || byText(a.session.room, b.session.room) || byText(a.session.title, b.session.title) || a.id - b.id
  );
}

/** Runs once per load of the agenda; sessions with unreadable times are left out. */
export function prepareAgenda(sessions: readonly AgendaSession[]): PreparedAgenda {
  const tracks = [...new Set(sessions.map((s) => s.track))].sort(byText);
  const rooms = [...new Set(sessions.map((s) => s.room))].sort(byText);
  const trackIndex = new Map(tracks.map((track, index) => [track, index]));
  const prepared: PreparedSession[] = [];
  for (const session of sessions) {
    const startMs = Date.parse(session.startsAt);
    const endMs = Date.parse(session.endsAt);
    if (Number.isNaN(startMs) || Number.isNaN(endMs)) continue;
    const people = session.speakers.map((s) => `${s.name} ${s.company}`).join(' ');
    prepared.push({
      session,
      id: session.id,
      startMs,
      endMs,
      day: berlinDay(startMs),
      start: berlinTime(startMs),
      end: berlinTime(endMs),
      minutes: Math.round((endMs - startMs) / 60_000),
      trackIndex: trackIndex.get(session.track) ?? 0,
      searchText: normalise([session.title, session.abstract, people, session.room, session.track].join('\n')),
    });
  }
  prepared.sort(compareSessions);
  const days = [...new Set(prepared.map((s) => s.day))].sort();
  return { sessions: prepared, days, tracks, rooms, byId: new Map(prepared.map((s) => [s.id, s])) };
}

/** The search box's words: every one must appear somewhere in a session (in any order). */
export function queryTerms(query: string): string[] {
  return normalise(query).split(/\s+/).filter(Boolean);
}

export interface AgendaFilter {
  terms: readonly string[];
  track: string | null;
  room: string | null;
  /** Only these sessions (the personal agenda); null for all. */
  only: ReadonlySet<number> | null;
}

export function matches(session: PreparedSession, filter: AgendaFilter): boolean {
  if (filter.track !== null && session.session.track !== filter.track) return false;
  if (filter.room !== null && session.session.room !== filter.room) return false;
  if (filter.only !== null && !filter.only.has(session.id)) return false;
  for (const term of filter.terms) if (!session.searchText.includes(term)) return false;
  return true;
}

/** Keeps the order of `sessions`. Returns the same array when nothing filters (no work, same identity). */
export function filterSessions(sessions: PreparedSession[], filter: AgendaFilter): PreparedSession[] {
  if (filter.terms.length === 0 && filter.track === null && filter.room === null && filter.only === null) return sessions;
  return sessions.filter((session) => matches(session, filter));
}

/** Sessions per Berlin day, each day in the given order. */
export function groupByDay(sessions: readonly PreparedSession[]): Map<string, PreparedSession[]> {
  const days = new Map<string, PreparedSession[]>();
  for (const session of sessions) {
    const list = days.get(session.day);
    if (list) list.push(session);
    else days.set(session.day, [session]);
  }
  return days;
}

export interface TimeSlot {
  /** Berlin 'HH:mm' start shared by the slot's sessions. */
  start: string;
  startMs: number;
  sessions: PreparedSession[];
}

/** Consecutive sessions (sorted by start) grouped under their start time. */
export function groupByStart(sessions: readonly PreparedSession[]): TimeSlot[] {
  const slots: TimeSlot[] = [];
  let current: TimeSlot | undefined;
  for (const session of sessions) {
    if (current?.startMs !== session.startMs) {
      current = { start: session.start, startMs: session.startMs, sessions: [] };
      slots.push(current);
    }
    current.sessions.push(session);
  }
  return slots;
}

/**
 * The slot "Jump to now" brings into view: the latest slot that has started, while one of its
 * sessions still runs; otherwise the next slot to start (between slots, what comes next); after
 * the last start, the last slot. Null for no slots. `slots` are in order, as groupByStart makes them.
 */
export function currentSlot(slots: readonly TimeSlot[], now: number): TimeSlot | null {
  let started = -1;
  for (let index = 0; index < slots.length; index++) {
    if ((slots[index] as TimeSlot).startMs <= now) started = index;
    else break;
  }
  const latest = slots[started];
  if (latest?.sessions.some((session) => now < session.endMs)) return latest;
  return slots[started + 1] ?? latest ?? null;
}

/** The event's first and last day (Berlin calendar dates, 'YYYY-MM-DD'), as the config gives them. */
export interface EventDates {
  startDate: string;
  endDate: string;
}

/**
 * True while the event runs: `now` falls on a Berlin day from the configured start to end date
 * (inclusive). Without the config, the days that have sessions stand in for it.
 */
export function isEventRunning(dates: EventDates | null, days: readonly string[], now: number): boolean {
  const today = berlinDay(now);
  if (dates) return dates.startDate <= today && today <= dates.endDate;
  return days.includes(today);
}

/**
 * For each session of `sessions` (the favourites) the others that run at the same time, by start.
 * Touching sessions (one ends when the next starts) do not overlap. Sessions without overlaps are
 * not in the map.
 */
export function findOverlaps(sessions: readonly PreparedSession[]): Map<number, PreparedSession[]> {
  const sorted = [...sessions].sort(compareSessions);
  const overlaps = new Map<number, PreparedSession[]>();
  const add = (session: PreparedSession, other: PreparedSession) => {
    const list = overlaps.get(session.id);
    if (list) list.push(other);
    else overlaps.set(session.id, [other]);
  };
  sorted.forEach((session, index) => {
    for (let j = index + 1; j < sorted.length; j++) {
      const later = sorted[j] as PreparedSession;
      if (later.startMs >= session.endMs) break;
      if (later.endMs > session.startMs) {
        add(session, later);
        add(later, session);
      }
    }
  });
  for (const list of overlaps.values()) list.sort(compareSessions);
  return overlaps;
}

export interface NowAndNext {
  day: string;
  /** Running at `now`: started at or before it, ending after it. */
  now: PreparedSession[];
  /** Per room, the first session that starts after `now` on the same day; by start, then room. */
  next: PreparedSession[];
}

/** True while `now` is on one of the event's days (Berlin time): the live view is offered then. */
export function isEventDay(days: readonly string[], now: number): boolean {
  return days.includes(berlinDay(now));
}

/** The live view; null when `now` is not on one of the event's days (then the view is not shown). */
export function nowAndNext(agenda: Pick<PreparedAgenda, 'sessions' | 'days'>, now: number): NowAndNext | null {
  const day = berlinDay(now);
  if (!agenda.days.includes(day)) return null;
  const running: PreparedSession[] = [];
  const nextByRoom = new Map<string, PreparedSession>();
  for (const session of agenda.sessions) {
    if (session.day !== day) continue;
    if (session.startMs <= now && now < session.endMs) running.push(session);
    else if (session.startMs > now) {
      const known = nextByRoom.get(session.session.room);
      if (!known || session.startMs < known.startMs) nextByRoom.set(session.session.room, session);
    }
  }
  return { day, now: running, next: [...nextByRoom.values()].sort(compareSessions) };
}

/** The day the list opens on: today during the event, otherwise the first day. */
export function initialDay(days: readonly string[], now: number): string | null {
  const today = berlinDay(now);
  return days.includes(today) ? today : (days[0] ?? null);
}

/** Session lengths in the active language: '45 min', '1 h', '1 h 30 min' (de '1 Std. 30 Min.'). */
export function formatDuration(minutes: number): string {
  const text = (key: MessageKey<'agenda'>, values: Record<string, number>) => translate('agenda', key, values);
  if (minutes < 60) return text('durationMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? text('durationHoursMinutes', { hours, minutes: rest }) : text('durationHours', { hours });
}
