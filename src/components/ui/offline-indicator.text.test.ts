import { describe, expect, it } from 'vitest';
import { indicatorText, lastSyncedText, pendingText, rejectedText, unsyncedLogoutQuestion } from './offline-indicator.text.ts';

const NOW = Date.parse('2026-03-24T10:00:00Z');
const idle = { online: true, syncing: false, paused: false, pending: 0, rejected: 0, lastSyncAt: null };

describe('offline indicator text', () => {
  it('says nothing when online with nothing waiting', () => {
    expect(indicatorText(idle, NOW)).toEqual({ hidden: true, tone: 'info', parts: [], rejectedLine: null });
    expect(indicatorText({ ...idle, lastSyncAt: '2026-03-24T09:00:00Z' }, NOW).hidden).toBe(true);
  });

  it('shows offline, the changes waiting and the last sync', () => {
    const text = indicatorText({ ...idle, online: false, pending: 3, lastSyncAt: '2026-03-24T09:55:00Z' }, NOW);
    expect(text).toMatchObject({ hidden: false, tone: 'warning' });
    expect(text.parts).toEqual(['Offline', '3 changes waiting to sync', 'Last synced 5 minutes ago']);
    expect(indicatorText({ ...idle, online: false }, NOW).parts).toEqual(['Offline']);
  });

  it('shows syncing, and the rejected changes in danger', () => {
    expect(indicatorText({ ...idle, syncing: true, pending: 2 }, NOW).parts).toEqual(['Syncing…']);
    const text = indicatorText({ ...idle, rejected: 1 }, NOW);
    expect(text).toMatchObject({ hidden: false, tone: 'danger', parts: [], rejectedLine: '1 change could not be saved' });
  });

  it('asks for a new sign-in while paused', () => {
    expect(indicatorText({ ...idle, paused: true, pending: 1 }, NOW).parts).toEqual([
      'Your session has ended. Sign in again to sync 1 change.',
    ]);
  });

  it('counts in words', () => {
    expect(pendingText(1)).toBe('1 change waiting to sync');
    expect(rejectedText(2)).toBe('2 changes could not be saved');
    expect(lastSyncedText('2026-03-24T09:59:30Z', NOW)).toBe('Last synced just now');
    expect(lastSyncedText('2026-03-24T07:00:00Z', NOW)).toBe('Last synced 3 hours ago');
    expect(lastSyncedText('2026-03-23T09:00:00Z', NOW)).toBe('Last synced yesterday');
    expect(unsyncedLogoutQuestion(3)).toBe('You have 3 changes that are not synced yet. Log out anyway? They will be lost.');
    expect(unsyncedLogoutQuestion(1)).toBe('You have 1 change that is not synced yet. Log out anyway? It will be lost.');
  });
});
