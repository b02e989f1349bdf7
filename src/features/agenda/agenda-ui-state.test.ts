import { describe, expect, it } from 'vitest';
import { resolveUiState } from './agenda-ui-state.ts';

const agenda = { days: ['2026-03-24', '2026-03-25', '2026-03-26'], tracks: ['Security'], rooms: ['Dome'] };
const outside = Date.parse('2026-11-21T10:00:00Z');
const during = Date.parse('2026-03-25T10:00:00Z');

describe('resolveUiState', () => {
  it('starts on all sessions of the first day outside the event', () => {
    expect(resolveUiState(null, 'ada', agenda, outside, false)).toEqual({
      view: 'all',
      day: '2026-03-24',
      query: '',
      track: null,
      room: null,
    });
  });

  it('starts on the live view of today during the event', () => {
    expect(resolveUiState(null, 'ada', agenda, during, true)).toMatchObject({ view: 'now', day: '2026-03-25' });
  });

  it('restores stored choices that still fit the agenda', () => {
    const stored = { view: 'mine', day: '2026-03-26', query: 'kube', track: 'Security', room: 'Dome' } as const;
    expect(resolveUiState({ userId: 'ada', ...stored }, 'ada', agenda, outside, false)).toEqual(stored);
  });

  it('opens the full list filtered to the room a link names, ignoring unknown rooms', () => {
    const stored = { userId: 'ada', view: 'mine', day: '2026-03-26', query: 'kube', track: 'Security', room: null };
    expect(resolveUiState(stored, 'ada', agenda, outside, false, 'Dome')).toEqual({
      view: 'all',
      day: '2026-03-26',
      query: '',
      track: null,
      room: 'Dome',
    });
    expect(resolveUiState(stored, 'ada', agenda, outside, false, 'Nowhere')).toMatchObject({ view: 'mine', room: null });
  });

  it("does not restore another user's choices", () => {
    const stored = { userId: 'ada', view: 'mine', day: '2026-03-26', query: 'kube', track: null, room: null };
    expect(resolveUiState(stored, 'bob', agenda, outside, false)).toMatchObject({ view: 'all', day: '2026-03-24', query: '' });
  });

  it('drops stored values that no longer fit, and garbage', () => {
    const stored = { userId: 'ada', view: 'now', day: '2025-01-01', query: 'x', track: 'Gone', room: 'Gone' };
    expect(resolveUiState(stored, 'ada', agenda, outside, false)).toEqual({
      view: 'all',
      day: '2026-03-24',
      query: 'x',
      track: null,
      room: null,
    });
    expect(resolveUiState({ userId: 'ada', view: 42 }, 'ada', agenda, outside, false).view).toBe('all');
    expect(resolveUiState('nonsense', 'ada', agenda, outside, false).query).toBe('');
  });
});
