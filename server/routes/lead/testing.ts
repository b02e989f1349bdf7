import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'vitest';
import { decodePassToken, encodePayload, type PassPayload } from '#shared/pass-token.ts';
import type { createTestApp } from '../../testing/test-app.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = { authorization: string };

/** A fresh Ed25519 key (PKCS#8 PEM) so tests never touch ./data. */
export function freshSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Config overrides for badge tests: a test key and no rate limits in the way of many sign-ins. */
export function badgeTestConfig(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PASS_SIGNING_KEY: freshSigningKey(),
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    EMAIL_RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

/** The signed badge of a user as their own device gets it (GET /api/pass/barcode). */
export async function badgeOf(t: TestApp, headers: Headers): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** Signs in by e-mail (demo password) and returns headers and badge, once per e-mail. */
export function badgeBook(t: TestApp) {
  const known = new Map<string, Promise<{ headers: Headers; token: string }>>();
  return (email: string) => {
    let entry = known.get(email);
    if (!entry) {
      entry = (async () => {
        const headers = await t.login(email);
        return { headers, token: await badgeOf(t, headers) };
      })();
      known.set(email, entry);
    }
    return entry;
  };
}

/** The same token with a changed payload and the original signature: what a forger would make. */
export function withChangedPayload(token: string, change: Partial<PassPayload>): string {
  const { payload } = decodePassToken(token);
  const signature = token.split('.')[1] as string;
  return `${encodePayload({ ...payload, ...change })}.${signature}`;
}

/** One character of the signature flipped. */
export function withBadSignature(token: string): string {
  const [payload, signature] = token.split('.') as [string, string];
  const last = signature.at(-2) === 'A' ? 'B' : 'A';
  return `${payload}.${signature.slice(0, -2)}${last}${signature.at(-1)}`;
}
