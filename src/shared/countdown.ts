import { fromZonedTime } from 'date-fns-tz';

/**
 * SPEC §4 countdown. Phases are Europe/Berlin wall-clock times ('YYYY-MM-DDTHH:mm:ss', no offset)
 * from the event configuration; a phase is active while now lies between its start and its end,
 * and the time left is counted in whole seconds to the active phase's end.
 */

export const COUNTDOWN_TIME_ZONE = 'Europe/Berlin';

export interface CountdownPhase {
  name: string;
  startDate: string;
  endDate: string;
}

export interface CountdownState {
  /** The active phase's name, or null when no phase is active. */
  phaseName: string | null;
  /** The active phase's end as an instant (ms since epoch), or null. */
  endsAt: number | null;
  /** Whole seconds left to the phase end; 0 when no phase is active. */
  timeLeft: number;
  isPhaseActive: boolean;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A Berlin wall-clock time → the instant it denotes (summer and winter time included); NaN when malformed. */
export function berlinInstant(wallClock: string): number {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return Number.NaN;
  const [month, day, hour, minute, second] = match.slice(2).map((part) => Number(part ?? 0));
  if (!month || month > 12 || !day || day > 31 || (hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) {
    return Number.NaN;
  }
  return fromZonedTime(wallClock, COUNTDOWN_TIME_ZONE).getTime();
}

const INACTIVE: CountdownState = { phaseName: null, endsAt: null, timeLeft: 0, isPhaseActive: false };

/** The first phase active at `now` (ms), with the whole seconds left to its end. */
export function countdownAt(phases: readonly CountdownPhase[], now: number): CountdownState {
  for (const phase of phases) {
    const start = berlinInstant(phase.startDate);
    const end = berlinInstant(phase.endDate);
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start) continue;
    if (now >= start && now <= end) {
      return { phaseName: phase.name, endsAt: end, timeLeft: secondsLeft(end, now), isPhaseActive: true };
    }
  }
  return INACTIVE;
}

/** Whole seconds from `now` to `end`, never negative. */
export function secondsLeft(end: number, now: number): number {
  return Math.max(0, Math.floor((end - now) / 1000));
}

/** One tick of the countdown: one second less, stopping at 0. */
export function tick(timeLeft: number): number {
  return timeLeft > 0 ? timeLeft - 1 : 0;
}

/** SPEC §4: the countdown shows only while its phase is active and time is left. */
export function isCountdownVisible(state: Pick<CountdownState, 'isPhaseActive' | 'timeLeft'>): boolean {
  return state.isPhaseActive && state.timeLeft > 0;
}

/** Seconds → days, hours, minutes and seconds. */
export function countdownParts(timeLeft: number): CountdownParts {
  const total = Math.max(0, Math.floor(timeLeft));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
