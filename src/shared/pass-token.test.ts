import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToBase64url,
  decodePassToken,
  encodePayload,
  PASS_TOKEN_MAX_LENGTH,
  type PassPayload,
  PassTokenError,
  verifyPassToken,
} from './pass-token.ts';

function keyPair(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x as string;
  return { kid, privateKey, raw };
}

const payload = (over: Partial<PassPayload> = {}): PassPayload => ({
  v: 1,
  kid: 'k1',
  pid: '3f1c2a9e-0000-4000-8000-000000000001',
  n: 'Ada Lovelace',
  c: 'Analytical Engines Ltd',
  t: 'Standard Pass',
  vf: 1_000,
  vt: 2_000,
  ...over,
});

function tokenOf(p: PassPayload, privateKey: KeyObject) {
  const encoded = encodePayload(p);
  return `${encoded}.${bytesToBase64url(sign(null, Buffer.from(encoded), privateKey))}`;
}

const active = keyPair('k1');
const keys = { k1: active.raw };
const at = (seconds: number) => seconds * 1000;

describe('pass token', () => {
  it('verifies a valid token and returns its payload', async () => {
    const token = tokenOf(payload(), active.privateKey);
    expect(await verifyPassToken(token, keys, at(1_500))).toEqual({ valid: true, payload: payload() });
    expect(decodePassToken(token).payload).toEqual(payload());
  });

  it('keeps non-ASCII names intact', async () => {
    const p = payload({ n: 'Jürgen Groß', c: 'Łódź Ærø 東京' });
    expect(await verifyPassToken(tokenOf(p, active.privateKey), keys, at(1_500))).toEqual({ valid: true, payload: p });
  });

  it('refuses a token whose name was changed after signing', async () => {
    const token = tokenOf(payload(), active.privateKey);
    const forged = `${encodePayload(payload({ n: 'Mallory' }))}.${token.split('.')[1]}`;
    expect(await verifyPassToken(forged, keys, at(1_500))).toEqual({ valid: false, reason: 'bad-signature' });
  });

  it('refuses a token signed with another key under a known key id', async () => {
    const other = keyPair('k1');
    const token = tokenOf(payload(), other.privateKey);
    expect(await verifyPassToken(token, keys, at(1_500))).toEqual({ valid: false, reason: 'bad-signature' });
  });

  it('refuses an unknown key id and accepts a rotation key', async () => {
    const next = keyPair('k2');
    const token = tokenOf(payload({ kid: 'k2' }), next.privateKey);
    expect(await verifyPassToken(token, keys, at(1_500))).toEqual({ valid: false, reason: 'unknown-key' });
    expect(await verifyPassToken(token, { ...keys, k2: next.raw }, at(1_500))).toMatchObject({ valid: true });
    // Inherited object properties are never taken for keys.
    const proto = tokenOf(payload({ kid: 'constructor' }), next.privateKey);
    expect(await verifyPassToken(proto, keys, at(1_500))).toEqual({ valid: false, reason: 'unknown-key' });
  });

  it('checks validity only after the signature', async () => {
    const token = tokenOf(payload(), active.privateKey);
    expect(await verifyPassToken(token, keys, at(2_001))).toEqual({ valid: false, reason: 'expired' });
    expect(await verifyPassToken(token, keys, new Date(at(999)))).toEqual({ valid: false, reason: 'not-yet-valid' });
    expect(await verifyPassToken(token, keys, at(2_000))).toMatchObject({ valid: true });
  });

  it.each([
    ['empty', ''],
    ['no dot', 'abc'],
    ['three parts', 'a.b.c'],
    ['not base64url', 'a+b.c/d'],
    ['not JSON', `${bytesToBase64url(new TextEncoder().encode('hello'))}.${'A'.repeat(86)}`],
    ['wrong shape', `${bytesToBase64url(new TextEncoder().encode('{"v":2}'))}.${'A'.repeat(86)}`],
    ['short signature', `${encodePayload(payload())}.AAAA`],
    ['oversized', `${'A'.repeat(PASS_TOKEN_MAX_LENGTH)}.${'A'.repeat(86)}`],
  ])('treats a %s token as malformed', async (_label, token) => {
    expect(() => decodePassToken(token)).toThrow(PassTokenError);
    expect(await verifyPassToken(token, keys, at(1_500))).toEqual({ valid: false, reason: 'malformed' });
  });

  it('names the problem in the decode error', () => {
    expect(() => decodePassToken('x'.repeat(PASS_TOKEN_MAX_LENGTH + 1))).toThrow(/longer than 1024/);
    expect(() => decodePassToken('abc')).toThrow(/two parts/);
  });
});
