import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;
export interface TokenInfo {
  userId: string;
  scope: 'full' | 'registration';
}

interface Entry<T> {
  value: T;
  until: number;
}

/** What one instance tells the others when it changes sessions or users (server/services/accounts/session-events.ts). */
export type SessionChange = { token: string } | { user: string; tokens: boolean };

/**
 * A short-lived in-process cache of token → user id and user id → user row, so an authenticated
 * request usually costs no database round trip. Changes on this instance update it at once
 * (logout, password change and profile edits call dropToken, dropUser or userChanged) and are
 * broadcast to the other instances on the same database, which apply them within milliseconds;
 * `ttlMs` bounds staleness should a broadcast ever be lost.
 */
export class SessionCache {
  private readonly tokens = new Map<string, Entry<TokenInfo>>();
  private readonly users = new Map<string, Entry<UserRow>>();
  /** Set by the session-events listener when other instances share the database. */
  broadcast: (change: SessionChange) => void = () => {};
  /** Off while changes from other instances could be missed: every request then reads the database. */
  private enabled = true;
  /** Counts changes (applied or missed): a row read from the database before one is not cached after it. */
  private epoch = 0;
  /** The epoch of each key's first unanswered miss ('t' + token hash, 'u' + user id). */
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  token(tokenHash: string): TokenInfo | undefined {
    return this.read(this.tokens, tokenHash, `t${tokenHash}`);
  }

  /** The session read from the database after token() missed. */
  rememberToken(tokenHash: string, info: TokenInfo, expiresAt: Date) {
    if (!this.answersMiss(`t${tokenHash}`)) return;
    this.write(this.tokens, tokenHash, info, Math.min(expiresAt.getTime(), Date.now() + this.ttlMs));
  }

  /** Forgets a revoked token here and on every other instance. */
  dropToken(tokenHash: string) {
    this.apply({ token: tokenHash });
    this.broadcast({ token: tokenHash });
  }

  user(userId: string): UserRow | undefined {
    return this.read(this.users, userId, `u${userId}`);
  }

  /** The row read from the database after user() missed. */
  setUser(row: UserRow) {
    if (!this.answersMiss(`u${row.id}`)) return;
    this.write(this.users, row.id, row, Date.now() + this.ttlMs);
  }

  /** Forgets the user and every token of theirs (password change, account changes), on every instance. */
  dropUser(userId: string) {
    this.apply({ user: userId, tokens: true });
    this.broadcast({ user: userId, tokens: true });
  }

  /** The user edited their account here: the new row here, and other instances read it afresh. */
  userChanged(row: UserRow) {
    this.epoch += 1;
    this.write(this.users, row.id, row, Date.now() + this.ttlMs);
    this.broadcast({ user: row.id, tokens: false });
  }

  /** Applies a change locally, without telling anyone (a broadcast from another instance). */
  apply(change: SessionChange) {
    this.epoch += 1;
    if ('token' in change) {
      this.tokens.delete(change.token);
      return;
    }
    this.users.delete(change.user);
    if (!change.tokens) return;
    for (const [hash, entry] of this.tokens) if (entry.value.userId === change.user) this.tokens.delete(hash);
  }

  /** Turns caching off (and forgets everything) while changes from other instances could be missed. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.epoch += 1;
    this.tokens.clear();
    this.users.clear();
    this.misses.clear();
  }

  private read<T>(map: Map<string, Entry<T>>, key: string, missKey: string): T | undefined {
    const entry = this.enabled ? map.get(key) : undefined;
    if (entry && entry.until > Date.now()) return entry.value;
    if (entry) map.delete(key);
    // The first miss counts: a request that read the database before a change must not cache
    // what it read, even if a second request missed after the change.
    if (!this.misses.has(missKey)) {
      if (this.misses.size >= this.maxEntries) this.misses.delete(this.misses.keys().next().value as string);
      this.misses.set(missKey, this.epoch);
    }
    return undefined;
  }

  /**
   * Whether a row read from the database after a miss may be cached: only when no change came
   * (a broadcast, or the listener's gap, during which changes went unheard) since the miss. A
   * logout on another instance between our read and our write would otherwise be undone here
   * for the TTL.
   */
  private answersMiss(missKey: string): boolean {
    const at = this.misses.get(missKey);
    this.misses.delete(missKey);
    return at === this.epoch;
  }

  private write<T>(map: Map<string, Entry<T>>, key: string, value: T, until: number) {
    if (!this.enabled) return;
    map.delete(key);
    // Maps iterate in insertion order: the first key is the oldest, so this bounds memory.
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value as string);
    map.set(key, { value, until });
  }
}
