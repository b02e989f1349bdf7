import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassToken } from '#shared/pass-token.ts';
import { loadConfig } from '../../config.ts';
import { createPassSigner, keyIdOf, PASS_KEY_FILE, passValidity } from './pass-signing.ts';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'pass-signing-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const event = { startDate: '2026-03-24', endDate: '2026-03-26' };
const pass = { id: 'p-1', typeName: 'Standard Pass' };
const holder = { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines' };
const config = (dataDir: string, env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('pass signing', () => {
  it('creates the key file on first use with mode 0600 and reuses it', async () => {
    const dir = path.join(await tempDir(), 'nested');
    const first = createPassSigner(config(dir));
    const key = await first.activeKey();
    const file = path.join(dir, PASS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(key.kid).toBe(keyIdOf(key.publicKey));
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect((await createPassSigner(config(dir)).activeKey()).publicKey).toBe(key.publicKey);
  });

  it('signs tokens that verify with the served keys for the event days', async () => {
    const signer = createPassSigner(config(await tempDir()));
    const token = await signer.signPass(pass, holder, event);
    const keys = Object.fromEntries((await signer.publicKeys()).map((k) => [k.kid, k.publicKey]));
    const verdict = await verifyPassToken(token, keys, new Date('2026-03-25T12:00:00Z'));
    expect(verdict).toMatchObject({ valid: true, payload: { pid: 'p-1', n: 'Ada Lovelace', c: 'Engines', t: 'Standard Pass' } });
    expect(await verifyPassToken(token, keys, new Date('2026-03-27T00:00:01Z'))).toEqual({ valid: false, reason: 'expired' });
    expect(await verifyPassToken(token, keys, new Date('2026-03-22T23:59:59Z'))).toEqual({
      valid: false,
      reason: 'not-yet-valid',
    });
    expect(passValidity(event)).toEqual({
      vf: Date.parse('2026-03-23T00:00:00Z') / 1000,
      vt: Date.parse('2026-03-27T00:00:00Z') / 1000,
    });
  });

  it('uses PASS_SIGNING_KEY without touching DATA_DIR and serves PASS_PUBLIC_KEYS for rotation', async () => {
    const dir = await tempDir();
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const old = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string;
    const signer = createPassSigner(config(dir, { PASS_SIGNING_KEY: pem, PASS_PUBLIC_KEYS: JSON.stringify({ oldkey01: old }) }));
    const keys = await signer.publicKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toEqual({ kid: 'oldkey01', publicKey: old });
    await expect(stat(path.join(dir, PASS_KEY_FILE))).rejects.toThrow();
  });

  it('rejects a malformed PASS_PUBLIC_KEYS or a non-Ed25519 signing key', async () => {
    expect(() => loadConfig({ PASS_PUBLIC_KEYS: '{nope' })).toThrow(/PASS_PUBLIC_KEYS/);
    expect(() => loadConfig({ PASS_PUBLIC_KEYS: '{"k":"short"}' })).toThrow(/PASS_PUBLIC_KEYS/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    const signer = createPassSigner(config(await tempDir(), { PASS_SIGNING_KEY: rsa.toString() }));
    await expect(signer.activeKey()).rejects.toThrow(/Ed25519/);
  });
});
