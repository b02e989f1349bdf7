import { activeLanguage, INTL_LOCALES, translate } from '../../i18n/i18n.ts';

/*
 * What the offline indicator says, as a pure function of the state (tested without a DOM), in the
 * active language.
 */

export interface IndicatorState {
  online: boolean;
  syncing: boolean;
  paused: boolean;
  pending: number;
  rejected: number;
  lastSyncAt: string | null;
}

export interface IndicatorText {
  /** Nothing worth saying: online, idle, nothing waiting. */
  hidden: boolean;
  tone: 'info' | 'warning' | 'danger';
  /** The short sentences, in order of importance. */
  parts: string[];
  /** The rejected-changes line (expands to the reasons), or null. */
  rejectedLine: string | null;
}

export function pendingText(count: number): string {
  return translate('common', 'syncPending', { count });
}

export function rejectedText(count: number): string {
  return translate('common', 'syncRejected', { count });
}

export function pausedText(count: number): string {
  return count > 0 ? translate('common', 'syncPausedCount', { count }) : translate('common', 'syncPaused');
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const locale = INTL_LOCALES[activeLanguage()];
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return translate('common', 'lastSynced', { when: format.format(value, unit) });
}

/** "Last synced just now", "… 5 minutes ago", "… 3 hours ago", "… yesterday" (in the active language). */
export function lastSyncedText(lastSyncAt: string, now: number): string {
  const seconds = Math.round((now - Date.parse(lastSyncAt)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return translate('common', 'lastSyncedNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative(-hours, 'hour');
  return relative(-Math.floor(hours / 24), 'day');
}

export function indicatorText(state: IndicatorState, now: number): IndicatorText {
  const parts: string[] = [];
  if (state.paused) parts.push(pausedText(state.pending));
  else if (!state.online) parts.push(translate('common', 'syncOffline'));
  if (!state.paused && state.syncing && state.online) parts.push(translate('common', 'syncing'));
  else if (!state.paused && state.pending > 0) parts.push(pendingText(state.pending));
  const rejectedLine = state.rejected > 0 ? rejectedText(state.rejected) : null;
  const hidden = parts.length === 0 && rejectedLine === null;
  // The time only matters while something is waiting or the device is offline.
  if (!hidden && state.lastSyncAt && (state.pending > 0 || !state.online)) parts.push(lastSyncedText(state.lastSyncAt, now));
  const tone = rejectedLine || state.paused ? 'danger' : state.online ? 'info' : 'warning';
  return { hidden, tone, parts, rejectedLine };
}

/** Asked before a logout that would delete changes the server does not have yet. */
export function unsyncedLogoutQuestion(count: number): string {
  return translate('common', 'unsyncedLogout', { count });
}
