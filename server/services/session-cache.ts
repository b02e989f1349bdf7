import type { users } from '../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;
export interface TokenInfo {
  userId: string;
  scope: 'full' | 'registration';
}

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * A short-lived in-process cache of token → user id and user id → user row, so an authenticated
 * request usually costs no database round trip. Writes on this instance update it at once
 * (logout, password change and profile edits call dropToken, dropUser or setUser); other instances see a change
 * after at most `ttlMs`, which bounds how long a revoked token can outlive its revocation there.
 */
export class SessionCache {
  private readonly tokens = new Map<string, Entry<TokenInfo>>();
  private readonly users = new Map<string, Entry<UserRow>>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  token(tokenHash: string): TokenInfo | undefined {
    return this.read(this.tokens, tokenHash);
  }

  rememberToken(tokenHash: string, info: TokenInfo, expiresAt: Date) {
    this.write(this.tokens, tokenHash, info, Math.min(expiresAt.getTime(), Date.now() + this.ttlMs));
  }

  dropToken(tokenHash: string) {
    this.tokens.delete(tokenHash);
  }

  user(userId: string): UserRow | undefined {
    return this.read(this.users, userId);
  }

  setUser(row: UserRow) {
    this.write(this.users, row.id, row, Date.now() + this.ttlMs);
  }

  /** Forgets the user and every token of theirs (password change, account changes). */
  dropUser(userId: string) {
    this.users.delete(userId);
    for (const [hash, entry] of this.tokens) if (entry.value.userId === userId) this.tokens.delete(hash);
  }

  private read<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private write<T>(map: Map<string, Entry<T>>, key: string, value: T, until: number) {
    map.delete(key);
    // Maps iterate in insertion order: the first key is the oldest, so this bounds memory.
    if (map.size >= this.maxEntries) map.delete(map.keys().next().value as string);
    map.set(key, { value, until });
  }
}
