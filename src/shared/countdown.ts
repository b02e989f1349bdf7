/**
 * docs/behaviour.md §4 countdown. Phases come from the event configuration as Europe/Berlin wall-clock times,
 * which the server turns into instants (src/shared/berlin-time.ts); a phase is active while now lies
 * between its start and its end, and the time left is counted in whole seconds to its end.
 */

export interface CountdownPhase {
  name: string;
  /** Start and end as instants (ms since epoch); phases with NaN bounds are skipped. */
  startsAt: number;
  endsAt: number;
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

const INACTIVE: CountdownState = { phaseName: null, endsAt: null, timeLeft: 0, isPhaseActive: false };

/** The first phase active at `now` (ms), with the whole seconds left to its end. */
export function countdownAt(phases: readonly CountdownPhase[], now: number): CountdownState {
  for (const phase of phases) {
    const start = phase.startsAt;
    const end = phase.endsAt;
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

/** docs/behaviour.md §4: the countdown shows only while its phase is active and time is left. */
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
