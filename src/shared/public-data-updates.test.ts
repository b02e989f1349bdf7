import { describe, expect, it } from 'vitest';
import { concernsPath, PUBLIC_DATA_UPDATED, readPublicDataUpdate } from './public-data-updates.ts';

describe('the public-data-updated message', () => {
  it('names the changed path', () => {
    expect(readPublicDataUpdate({ type: PUBLIC_DATA_UPDATED, path: '/api/agenda' })).toBe('/api/agenda');
  });

  it('ignores other messages', () => {
    for (const data of [
      null,
      'x',
      { type: 'SET_USER', path: '/api/agenda' },
      { type: PUBLIC_DATA_UPDATED },
      { type: PUBLIC_DATA_UPDATED, path: 7 },
    ]) {
      expect(readPublicDataUpdate(data)).toBeNull();
    }
  });

  it('matches the watched path, trailing slashes aside, and nothing else', () => {
    expect(concernsPath('/api/agenda', '/api/agenda')).toBe(true);
    expect(concernsPath('/api/news/', '/api/news')).toBe(true);
    expect(concernsPath('/api/agenda/favourites', '/api/agenda')).toBe(false);
    expect(concernsPath('/api/exhibitors', '/api/agenda')).toBe(false);
  });
});
