import type { ValidationProblem } from './validation.ts';

/**
 * Hotel stays: a stay runs from the check-in date (first night) to the check-out date (exclusive),
 * both YYYY-MM-DD in UTC. Shared by the accommodation search, the checkout and the server.
 */

export const MAX_STAY_NIGHTS = 14;
const DAY_MS = 86_400_000;

/** A real calendar date in YYYY-MM-DD (rejects 2026-02-30, which the pattern alone would accept). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Number of nights between check-in and check-out. */
export function nightCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

/** The nights of a stay, as the dates of each check-in. */
export function nightsOf(start: string, end: string): string[] {
  const count = nightCount(start, end);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));
}

/** A stay's problem: the date it is about and the message (src/shared/validation.ts). */
export interface StayProblem extends ValidationProblem {
  path: 'start' | 'end';
}

/** Why a stay is not acceptable, or null: valid dates, check-out after check-in, at most 14 nights. */
export function stayProblem(start: string, end: string): StayProblem | null {
  if (!isIsoDate(start)) return { path: 'start', key: 'dateInvalid' };
  if (!isIsoDate(end)) return { path: 'end', key: 'dateInvalid' };
  const nights = nightCount(start, end);
  if (nights < 1) return { path: 'end', key: 'checkOutAfterCheckIn' };
  if (nights > MAX_STAY_NIGHTS) return { path: 'end', key: 'stayTooLong', values: { maximum: MAX_STAY_NIGHTS } };
  return null;
}
