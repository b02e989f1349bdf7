/*
 * What the offline indicator says, as a pure function of the state (tested without a DOM).
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

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export function pendingText(count: number): string {
  return `${changes(count)} waiting to sync`;
}

export function rejectedText(count: number): string {
  return `${changes(count)} could not be saved`;
}

export function pausedText(count: number): string {
  return count > 0
    ? `Your session has ended. Sign in again to sync ${changes(count)}.`
    : 'Your session has ended. Sign in again to sync your changes.';
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "Last synced just now", "… 5 minutes ago", "… 3 hours ago", "… yesterday". */
export function lastSyncedText(lastSyncAt: string, now: number): string {
  const seconds = Math.round((now - Date.parse(lastSyncAt)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'Last synced just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Last synced ${relative.format(-minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last synced ${relative.format(-hours, 'hour')}`;
  return `Last synced ${relative.format(-Math.floor(hours / 24), 'day')}`;
}

export function indicatorText(state: IndicatorState, now: number): IndicatorText {
  const parts: string[] = [];
  if (state.paused) parts.push(pausedText(state.pending));
  else if (!state.online) parts.push('Offline');
  if (!state.paused && state.syncing && state.online) parts.push('Syncing…');
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
  return count === 1
    ? 'You have 1 change that is not synced yet. Log out anyway? It will be lost.'
    : `You have ${count} changes that are not synced yet. Log out anyway? They will be lost.`;
}
