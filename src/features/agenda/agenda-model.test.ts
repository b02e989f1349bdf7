import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import type { AgendaSession } from '../../shared/contracts/agenda.ts';
import {
  berlinDay,
  berlinTime,
  currentSlot,
  filterSessions,
  findOverlaps,
  formatDuration,
  groupByDay,
  groupByStart,
  initialDay,
  isEventDay,
  isEventRunning,
  longDayLabel,
  matches,
  nowAndNext,
  prepareAgenda,
  queryTerms,
  shortDayLabel,
} from './agenda-model.ts';

// Durations come from the agenda catalogue: the English one, as the app shows them.
beforeAll(async () => {
  await loadCatalogue('en', 'agenda');
  i18n.activate('en');
});

let nextId = 1;
function session(startsAt: string, endsAt: string, extra: Partial<AgendaSession> = {}): AgendaSession {
  const id = nextId++;
  return {
    id,
    title: `Session ${id}`,
    abstract: 'An abstract.',
    startsAt,
    endsAt,
    room: 'Dome',
    track: 'Business',
    speakers: [{ name: 'Ada Lovelace', company: 'Analytical Engines Ltd', title: 'CTO' }],
    ...extra,
  };
}

const at = (iso: string) => Date.parse(iso);

describe('Berlin days and times', () => {
  it('takes the day and time of Europe/Berlin, not of UTC', () => {
    // 23:30 UTC on the 23rd is 00:30 on the 24th in Berlin (CET, UTC+1).
    expect(berlinDay(at('2026-03-23T23:30:00Z'))).toBe('2026-03-24');
    expect(berlinTime(at('2026-03-23T23:30:00Z'))).toBe('00:30');
    expect(berlinTime(at('2026-03-24T08:00:00Z'))).toBe('09:00');
  });

  it('follows summer time (from 29 March 2026, UTC+2)', () => {
    expect(berlinTime(at('2026-03-30T07:00:00Z'))).toBe('09:00');
    expect(berlinDay(at('2026-03-29T22:30:00Z'))).toBe('2026-03-30');
  });

  it('labels days', () => {
    expect(shortDayLabel('2026-03-24')).toBe('Tue 24 Mar');
    expect(longDayLabel('2026-03-26')).toBe('Thursday 26 March');
  });

  it('formats durations', () => {
    expect(formatDuration(10)).toBe('10 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});

describe('prepareAgenda', () => {
  const agenda = prepareAgenda([
    session('2026-03-25T08:00:00Z', '2026-03-25T08:30:00Z', { room: 'Teatro', track: 'Security' }),
    session('2026-03-24T08:00:00Z', '2026-03-24T08:45:00Z', { room: 'Dome', track: 'Business' }),
    session('2026-03-24T08:00:00Z', '2026-03-24T08:30:00Z', { room: 'Arena', track: 'AI & Data' }),
    session('2026-03-24T23:15:00Z', '2026-03-24T23:45:00Z', { room: 'Dome', title: 'Late night' }),
    session('not a date', '2026-03-24T08:30:00Z'),
  ]);

  it('sorts by start then room, and leaves out unreadable times', () => {
    expect(agenda.sessions.map((s) => [s.session.room, s.start])).toEqual([
      ['Arena', '09:00'],
      ['Dome', '09:00'],
      ['Dome', '00:15'],
      ['Teatro', '09:00'],
    ]);
    expect(agenda.sessions).toHaveLength(4);
  });

  it('puts sessions on their Berlin day (a 00:15 start belongs to the next day)', () => {
    expect(agenda.days).toEqual(['2026-03-24', '2026-03-25']);
    expect(agenda.sessions.find((s) => s.session.title === 'Late night')?.day).toBe('2026-03-25');
    const byDay = groupByDay(agenda.sessions);
    expect([...byDay.keys()]).toEqual(['2026-03-24', '2026-03-25']);
    expect(byDay.get('2026-03-24')?.map((s) => s.session.room)).toEqual(['Arena', 'Dome']);
  });

  it('lists tracks and rooms alphabetically and colours tracks by that order', () => {
    expect(agenda.tracks).toEqual(['AI & Data', 'Business', 'Security']);
    expect(agenda.rooms).toEqual(['Arena', 'Dome', 'Teatro']);
    expect(agenda.sessions.find((s) => s.session.track === 'Security')?.trackIndex).toBe(2);
  });

  it('groups a day under start times', () => {
    const slots = groupByStart(groupByDay(agenda.sessions).get('2026-03-24') ?? []);
    expect(slots.map((slot) => [slot.start, slot.sessions.length])).toEqual([['09:00', 2]]);
  });
});

describe('search and filters', () => {
  const agenda = prepareAgenda([
    session('2026-03-24T08:00:00Z', '2026-03-24T08:30:00Z', {
      title: 'Kubernetes in Production',
      room: 'Colosseo',
      track: 'Cloud Native',
      speakers: [{ name: 'Jürgen Müller', company: 'Rheinwerk Hosting AG', title: 'SRE' }],
    }),
    session('2026-03-24T09:00:00Z', '2026-03-24T09:30:00Z', {
      title: 'Zero Trust for Hosters',
      abstract: 'Why perimeters fail.',
      room: 'Teatro',
      track: 'Security',
      speakers: [{ name: 'Grace Hopper', company: 'Navy Cloud', title: 'Admiral' }],
    }),
  ]);
  const none = { terms: [], track: null, room: null, only: null };
  const search = (query: string) =>
    filterSessions(agenda.sessions, { ...none, terms: queryTerms(query) }).map((s) => s.session.title);

  it('finds by title, abstract, speaker, company, room and track, ignoring case and accents', () => {
    expect(search('KUBERNETES')).toEqual(['Kubernetes in Production']);
    expect(search('perimeters')).toEqual(['Zero Trust for Hosters']);
    expect(search('muller')).toEqual(['Kubernetes in Production']);
    expect(search('navy cloud')).toEqual(['Zero Trust for Hosters']);
    expect(search('teatro')).toEqual(['Zero Trust for Hosters']);
    expect(search('cloud native')).toEqual(['Kubernetes in Production']);
  });

  it('needs every word, in any order', () => {
    expect(search('production kubernetes')).toEqual(['Kubernetes in Production']);
    expect(search('kubernetes trust')).toEqual([]);
    expect(search('   ')).toHaveLength(2);
  });

  it('filters by track, room and a set of favourites', () => {
    expect(filterSessions(agenda.sessions, { ...none, track: 'Security' })).toHaveLength(1);
    expect(filterSessions(agenda.sessions, { ...none, room: 'Colosseo' })).toHaveLength(1);
    expect(filterSessions(agenda.sessions, { ...none, room: 'Dome' })).toHaveLength(0);
    const first = agenda.sessions[0];
    expect(filterSessions(agenda.sessions, { ...none, only: new Set([first?.id ?? 0]) })).toEqual([first]);
  });

  it('returns the same array when nothing filters', () => {
    expect(filterSessions(agenda.sessions, none)).toBe(agenda.sessions);
    const [first] = agenda.sessions;
    expect(first && matches(first, { ...none, terms: ['kube', 'prod'] })).toBe(true);
  });
});

describe('findOverlaps', () => {
  const agenda = prepareAgenda([
    session('2026-03-24T08:00:00Z', '2026-03-24T09:00:00Z', { title: 'A' }),
    session('2026-03-24T08:30:00Z', '2026-03-24T08:45:00Z', { title: 'B' }),
    session('2026-03-24T08:50:00Z', '2026-03-24T09:30:00Z', { title: 'C' }),
    session('2026-03-24T09:30:00Z', '2026-03-24T10:00:00Z', { title: 'D' }),
    session('2026-03-25T08:00:00Z', '2026-03-25T09:00:00Z', { title: 'E' }),
  ]);
  const overlaps = findOverlaps(agenda.sessions);
  const titles = (title: string) => {
    const id = agenda.sessions.find((s) => s.session.title === title)?.id ?? -1;
    return overlaps.get(id)?.map((s) => s.session.title);
  };

  it('pairs sessions that run at the same time, both ways', () => {
    expect(titles('A')).toEqual(['B', 'C']);
    expect(titles('B')).toEqual(['A']);
    expect(titles('C')).toEqual(['A']);
  });

  it('does not count sessions that only touch, or run on another day', () => {
    expect(titles('D')).toBeUndefined();
    expect(titles('E')).toBeUndefined();
  });

  it('finds nothing for one or no favourites', () => {
    expect(findOverlaps([]).size).toBe(0);
    expect(findOverlaps(agenda.sessions.slice(0, 1)).size).toBe(0);
  });
});

describe('now and next', () => {
  const agenda = prepareAgenda([
    session('2026-03-24T08:00:00Z', '2026-03-24T09:00:00Z', { title: 'Dome 9:00', room: 'Dome' }),
    session('2026-03-24T09:15:00Z', '2026-03-24T09:45:00Z', { title: 'Dome 10:15', room: 'Dome' }),
    session('2026-03-24T10:00:00Z', '2026-03-24T10:30:00Z', { title: 'Dome 11:00', room: 'Dome' }),
    session('2026-03-24T08:30:00Z', '2026-03-24T09:00:00Z', { title: 'Arena 9:30', room: 'Arena' }),
    session('2026-03-24T09:30:00Z', '2026-03-24T10:00:00Z', { title: 'Arena 10:30', room: 'Arena' }),
    session('2026-03-25T08:00:00Z', '2026-03-25T09:00:00Z', { title: 'Tomorrow', room: 'Teatro' }),
  ]);
  const titles = (list: { session: AgendaSession }[] | undefined) => list?.map((s) => s.session.title);

  it('lists what runs now and the next start per room, on the same day', () => {
    const live = nowAndNext(agenda, at('2026-03-24T08:40:00Z'));
    expect(live?.day).toBe('2026-03-24');
    expect(titles(live?.now)).toEqual(['Dome 9:00', 'Arena 9:30']);
    expect(titles(live?.next)).toEqual(['Dome 10:15', 'Arena 10:30']);
  });

  it('counts a session as running from its start and over at its end', () => {
    expect(titles(nowAndNext(agenda, at('2026-03-24T09:15:00Z'))?.now)).toEqual(['Dome 10:15']);
    expect(titles(nowAndNext(agenda, at('2026-03-24T09:45:00Z'))?.now)).toEqual(['Arena 10:30']);
  });

  it('is empty after the last session of a day and before the first', () => {
    expect(nowAndNext(agenda, at('2026-03-24T20:00:00Z'))).toEqual({ day: '2026-03-24', now: [], next: [] });
    expect(titles(nowAndNext(agenda, at('2026-03-25T06:00:00Z'))?.next)).toEqual(['Tomorrow']);
  });

  it('is not shown outside the event days (Berlin time)', () => {
    expect(nowAndNext(agenda, at('2026-03-23T12:00:00Z'))).toBeNull();
    expect(nowAndNext(agenda, at('2026-11-21T12:00:00Z'))).toBeNull();
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    expect(isEventDay(agenda.days, at('2026-03-23T23:30:00Z'))).toBe(true);
    expect(isEventDay(agenda.days, at('2026-03-23T22:30:00Z'))).toBe(false);
  });

  it('opens on today during the event, otherwise on the first day', () => {
    expect(initialDay(agenda.days, at('2026-03-25T10:00:00Z'))).toBe('2026-03-25');
    expect(initialDay(agenda.days, at('2026-11-21T10:00:00Z'))).toBe('2026-03-24');
    expect(initialDay([], 0)).toBeNull();
  });
});

describe('time slots and "Jump to now"', () => {
  // Tuesday 24 March 2026, Berlin is UTC+1: 09:00 Berlin is 08:00Z.
  const day = prepareAgenda([
    session('2026-03-24T08:00:00Z', '2026-03-24T08:45:00Z', { title: 'Keynote', room: 'Dome' }),
    session('2026-03-24T08:00:00Z', '2026-03-24T11:00:00Z', { title: 'Long workshop', room: 'Workshop 1' }),
    session('2026-03-24T09:00:00Z', '2026-03-24T09:30:00Z', { title: 'Talk A', room: 'Arena' }),
    session('2026-03-24T09:00:00Z', '2026-03-24T09:45:00Z', { title: 'Talk B', room: 'Teatro' }),
    session('2026-03-24T10:00:00Z', '2026-03-24T10:30:00Z', { title: 'Talk C', room: 'Arena' }),
  ]);
  const slots = groupByStart(day.sessions);
  const startOf = (now: string) => currentSlot(slots, at(now))?.start ?? null;

  it('groups sessions under their shared start, in order, with the Berlin start time', () => {
    expect(slots.map((slot) => [slot.start, slot.sessions.map((s) => s.session.title)])).toEqual([
      ['09:00', ['Keynote', 'Long workshop']],
      ['10:00', ['Talk A', 'Talk B']],
      ['11:00', ['Talk C']],
    ]);
    expect(slots.map((slot) => slot.startMs)).toEqual([
      at('2026-03-24T08:00:00Z'),
      at('2026-03-24T09:00:00Z'),
      at('2026-03-24T10:00:00Z'),
    ]);
    expect(groupByStart([])).toEqual([]);
  });

  it('is the latest slot that has started while one of its sessions runs', () => {
    expect(startOf('2026-03-24T08:00:00Z')).toBe('09:00');
    expect(startOf('2026-03-24T08:44:00Z')).toBe('09:00');
    expect(startOf('2026-03-24T09:10:00Z')).toBe('10:00');
    // Talk A ended, Talk B still runs.
    expect(startOf('2026-03-24T09:40:00Z')).toBe('10:00');
  });

  it('between slots is the next one; a slot that still has a session running stays current', () => {
    expect(startOf('2026-03-24T09:50:00Z')).toBe('11:00');
    // The keynote is over, the long workshop of the 09:00 slot still runs.
    expect(startOf('2026-03-24T08:50:00Z')).toBe('09:00');
  });

  it('before the first start is the first slot, after the last one the last slot', () => {
    expect(startOf('2026-03-24T06:00:00Z')).toBe('09:00');
    expect(startOf('2026-03-24T10:15:00Z')).toBe('11:00');
    expect(startOf('2026-03-24T18:00:00Z')).toBe('11:00');
    expect(currentSlot([], at('2026-03-24T09:00:00Z'))).toBeNull();
  });

  it('runs from the first to the last configured day, in Berlin time', () => {
    const dates = { startDate: '2026-03-24', endDate: '2026-03-26' };
    expect(isEventRunning(dates, [], at('2026-03-24T06:00:00Z'))).toBe(true);
    expect(isEventRunning(dates, [], at('2026-03-26T22:30:00Z'))).toBe(true);
    // 23:30 UTC on the 23rd is already the 24th in Berlin; 23:30 UTC on the 26th is the 27th.
    expect(isEventRunning(dates, [], at('2026-03-23T23:30:00Z'))).toBe(true);
    expect(isEventRunning(dates, [], at('2026-03-23T22:30:00Z'))).toBe(false);
    expect(isEventRunning(dates, [], at('2026-03-26T23:30:00Z'))).toBe(false);
    expect(isEventRunning(dates, [], at('2026-11-25T12:00:00Z'))).toBe(false);
  });

  it('without the config, runs on the days that have sessions', () => {
    expect(isEventRunning(null, day.days, at('2026-03-24T12:00:00Z'))).toBe(true);
    expect(isEventRunning(null, day.days, at('2026-03-25T12:00:00Z'))).toBe(false);
  });
});
