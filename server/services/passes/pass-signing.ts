import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bytesToBase64url, encodePayload, PASS_TOKEN_VERSION, type PassPayload } from '#shared/pass-token.ts';
import type { Config } from '../../config.ts';

/** The file in DATA_DIR holding the generated signing key when PASS_SIGNING_KEY is not set. */
export const PASS_KEY_FILE = 'pass-signing-key.pem';

const DAY = 86_400;

export interface PassPublicKey {
  kid: string;
  /** base64url of the raw 32-byte Ed25519 public key. */
  publicKey: string;
}

export interface SigningKey extends PassPublicKey {
  privateKey: KeyObject;
}

export interface PassToSign {
  id: string;
  typeName: string;
}

export interface PassHolder {
  firstName: string;
  lastName: string;
  company: string;
}

export interface EventDates {
  startDate: string;
  endDate: string;
}

/** Raw 32-byte public key as base64url (the JWK `x`). */
export function rawPublicKey(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Not an Ed25519 key.');
  return jwk.x;
}

/** Key id: the first 8 characters of base64url(SHA-256(raw public key)). */
export function keyIdOf(publicKey: string): string {
  const digest = createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest();
  return bytesToBase64url(digest).slice(0, 8);
}

function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The pass-signing key must be an Ed25519 key.');
  const publicKey = rawPublicKey(privateKey);
  return { kid: keyIdOf(publicKey), publicKey, privateKey };
}

/** Reads the key file, creating it (mode 0600, never overwriting) on first use. */
async function loadOrCreateKeyFile(dataDir: string): Promise<string> {
  const file = path.join(dataDir, PASS_KEY_FILE);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (error) {
    // Another instance created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(file, 'utf8');
    throw error;
  }
}

/** Validity of a pass: UTC 00:00 of the day before the event to UTC 00:00 of the day after its end. */
export function passValidity(event: EventDates): { vf: number; vt: number } {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
  return { vf: day(event.startDate) - DAY, vt: day(event.endDate) + DAY };
}

export interface PassSigner {
  /** The active key (loaded or created on first call). */
  activeKey(): Promise<SigningKey>;
  /** The active key first, then the verification-only keys from PASS_PUBLIC_KEYS. */
  publicKeys(): Promise<PassPublicKey[]>;
  signPass(pass: PassToSign, holder: PassHolder, event: EventDates): Promise<string>;
}

export function createPassSigner(config: Pick<Config, 'PASS_SIGNING_KEY' | 'PASS_PUBLIC_KEYS' | 'DATA_DIR'>): PassSigner {
  let active: Promise<SigningKey> | undefined;
  const activeKey = () => {
    active ??= (async () => signingKeyFromPem(config.PASS_SIGNING_KEY ?? (await loadOrCreateKeyFile(config.DATA_DIR))))();
    active.catch(() => {
      active = undefined;
    });
    return active;
  };
  return {
    activeKey,
    async publicKeys() {
      const key = await activeKey();
      const extra = Object.entries(config.PASS_PUBLIC_KEYS)
        .filter(([kid]) => kid !== key.kid)
        .map(([kid, publicKey]) => ({ kid, publicKey }));
      return [{ kid: key.kid, publicKey: key.publicKey }, ...extra];
    },
    async signPass(pass, holder, event) {
      const key = await activeKey();
      const payload: PassPayload = {
        v: PASS_TOKEN_VERSION,
        kid: key.kid,
        pid: pass.id,
        // Bounded so the token stays well under PASS_TOKEN_MAX_LENGTH (and the QR code small).
        n: `${holder.firstName} ${holder.lastName}`.trim().slice(0, 100),
        c: holder.company.slice(0, 100),
        t: pass.typeName.slice(0, 60),
        ...passValidity(event),
      };
      const encoded = encodePayload(payload);
      const signature = sign(null, Buffer.from(encoded, 'ascii'), key.privateKey);
      return `${encoded}.${bytesToBase64url(signature)}`;
    },
  };
}
