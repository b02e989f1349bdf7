import { describe, expect, it } from 'vitest';
import type { users } from '../../db/schema/index.ts';
import { SessionCache } from './session-cache.ts';
import { reconnectDelay } from './session-events.ts';

const INFO = { userId: 'user-1', scope: 'full' as const };
const LATER = new Date(Date.now() + 60_000);
const row = (id: string, firstName: string) => ({ id, firstName }) as typeof users.$inferSelect;

/** What the auth hook does: miss, read the database, remember. */
function lookUp(cache: SessionCache, hash: string) {
  expect(cache.token(hash)).toBeUndefined();
  return () => cache.rememberToken(hash, INFO, LATER);
}

describe('SessionCache', () => {
  it('remembers a session read after a miss', () => {
    const cache = new SessionCache();
    lookUp(cache, 'a')();
    expect(cache.token('a')).toEqual(INFO);
  });

  it('does not cache what was read before another instance revoked it (the broadcast came between read and write)', () => {
    const cache = new SessionCache();
    const remember = lookUp(cache, 'a');
    cache.apply({ token: 'a' });
    remember();
    expect(cache.token('a')).toBeUndefined();
    // The next request reads afresh and may cache again.
    lookUp(cache, 'a')();
    expect(cache.token('a')).toEqual(INFO);
  });

  it('keeps nothing while off (the listener is down), and does not cache reads begun while off once it is on again', () => {
    const cache = new SessionCache();
    lookUp(cache, 'a')();
    cache.setEnabled(false);
    expect(cache.token('a')).toBeUndefined();
    lookUp(cache, 'b')();
    expect(cache.token('b')).toBeUndefined();

    // A read that began while the listener was down ends after it listens again: a revocation
    // made in between was never heard, so what it read is not cached.
    const slow = lookUp(cache, 'c');
    cache.setEnabled(true);
    slow();
    expect(cache.token('c')).toBeUndefined();
    // Flushed on reconnect: nothing from before the gap is served.
    expect(cache.token('a')).toBeUndefined();
    lookUp(cache, 'c')();
    expect(cache.token('c')).toEqual(INFO);
  });

  it('takes the first of two overlapping misses: the later read does not vouch for the earlier one', () => {
    const cache = new SessionCache();
    const early = lookUp(cache, 'a');
    cache.apply({ user: 'someone-else', tokens: true });
    const late = lookUp(cache, 'a');
    early();
    late();
    expect(cache.token('a')).toBeUndefined();
  });

  it('caches a user row read after a miss, and a row this instance changed itself', () => {
    const cache = new SessionCache();
    expect(cache.user('u1')).toBeUndefined();
    cache.setUser(row('u1', 'Ada'));
    expect(cache.user('u1')?.firstName).toBe('Ada');

    const told: unknown[] = [];
    cache.broadcast = (change) => told.push(change);
    cache.userChanged(row('u1', 'Grace'));
    expect(cache.user('u1')?.firstName).toBe('Grace');
    expect(told).toEqual([{ user: 'u1', tokens: false }]);

    // A row read before another instance's change to it is not cached after the change.
    expect(cache.user('u2')).toBeUndefined();
    cache.apply({ user: 'u2', tokens: false });
    cache.setUser(row('u2', 'stale'));
    expect(cache.user('u2')).toBeUndefined();
  });
});

describe('the session listener reconnect backoff', () => {
  it('starts at a quarter second, doubles, and stays within 2 s so the listener is back soon after the database', () => {
    expect([1, 2, 3, 4, 5, 10].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect(reconnectDelay(1, () => 0)).toBe(125);
  });
});
