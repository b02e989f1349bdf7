import { FREE_PASS_POOL, MESSAGES } from './messages.ts';

/**
 * docs/behaviour.md §9 free Standard Pass availability: GET /api/pass/taken-passes answers the taken share (0..1)
 * of the pool of 2000 passes. The bar's width follows the taken share; the headline is
 * 'Free Standard Passes are all gone!' when none remain, 'almost gone!' from 20 % taken, otherwise
 * "Get your free Standard Pass before they're gone!". A null or broken value hides the panel (§8).
 */

export const ALMOST_GONE_SHARE = 0.2;

export type AvailabilityLevel = 'available' | 'almost-gone' | 'gone';

export interface FreePassAvailability {
  /** Taken share, clamped to 0..1. */
  taken: number;
  /** Passes left of the pool. */
  remaining: number;
  level: AvailabilityLevel;
  headline: string;
  /** Width of the bar's filled part (the taken share) as a CSS percentage, e.g. '37.5%'. */
  width: string;
}

const HEADLINES: Record<AvailabilityLevel, string> = {
  available: MESSAGES.freePassesAvailable,
  'almost-gone': MESSAGES.freePassesAlmostGone,
  gone: MESSAGES.freePassesGone,
};

/** Null when the value is unknown: the panel then stays hidden. */
export function freePassAvailability(
  value: number | null | undefined,
  pool: number = FREE_PASS_POOL,
): FreePassAvailability | null {
  if (value === null || value === undefined || !Number.isFinite(value) || pool <= 0) return null;
  const taken = Math.min(1, Math.max(0, value));
  const remaining = Math.max(0, pool - Math.round(taken * pool));
  const level = availabilityLevel(taken, remaining);
  return { taken, remaining, level, headline: HEADLINES[level], width: barWidth(taken) };
}

export function availabilityLevel(taken: number, remaining: number): AvailabilityLevel {
  if (remaining <= 0) return 'gone';
  if (taken >= ALMOST_GONE_SHARE) return 'almost-gone';
  return 'available';
}

/** The filled part of the bar: the taken share in percent with at most one decimal, 0..100. */
export function barWidth(taken: number): string {
  const percent = Math.min(100, Math.max(0, taken * 100));
  return `${Math.round(percent * 10) / 10}%`;
}
