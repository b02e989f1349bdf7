// The signed pass payload drawn as the pass's QR code (docs/architecture.md §6). Pure and dependency-light:
// runs in the browser, the service worker and Node (WebCrypto Ed25519 via globalThis.crypto).
import { z } from 'zod/mini';

export const PASS_TOKEN_VERSION = 1;
export const PASS_TOKEN_MAX_LENGTH = 1024;

export const passPayloadSchema = z.object({
  v: z.literal(PASS_TOKEN_VERSION),
  kid: z.string().check(z.minLength(1), z.maxLength(32)),
  pid: z.string().check(z.minLength(1), z.maxLength(64)),
  n: z.string().check(z.maxLength(200)),
  c: z.string().check(z.maxLength(200)),
  t: z.string().check(z.maxLength(100)),
  vf: z.int().check(z.nonnegative()),
  vt: z.int().check(z.nonnegative()),
});
export type PassPayload = z.infer<typeof passPayloadSchema>;

export type PassTokenFailure = 'malformed' | 'unknown-key' | 'bad-signature' | 'expired' | 'not-yet-valid';
export type PassTokenVerdict = { valid: true; payload: PassPayload } | { valid: false; reason: PassTokenFailure };

export class PassTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PassTokenError';
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function bytesToBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new PassTokenError('Not valid base64url.');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** base64url(JSON) of the payload: the part that is signed (as its ASCII bytes) and put before the dot. */
export function encodePayload(payload: PassPayload): string {
  return bytesToBase64url(new TextEncoder().encode(JSON.stringify(payload)));
}

export interface DecodedPassToken {
  payload: PassPayload;
  /** The ASCII bytes the signature covers (the encoded payload part). */
  signed: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** Splits and validates a token without checking its signature; throws PassTokenError when malformed. */
export function decodePassToken(token: string): DecodedPassToken {
  if (typeof token !== 'string' || token.length === 0) throw new PassTokenError('Empty pass token.');
  if (token.length > PASS_TOKEN_MAX_LENGTH)
    throw new PassTokenError(`Pass token longer than ${PASS_TOKEN_MAX_LENGTH} characters.`);
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new PassTokenError('A pass token has two parts separated by a dot.');
  const [payloadPart, signaturePart] = parts as [string, string];
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64urlToBytes(payloadPart)));
  } catch {
    throw new PassTokenError('The pass token payload is not base64url-encoded JSON.');
  }
  const parsed = passPayloadSchema.safeParse(json);
  if (!parsed.success) throw new PassTokenError('The pass token payload has an unexpected shape.');
  const signature = base64urlToBytes(signaturePart);
  if (signature.length !== 64) throw new PassTokenError('The pass token signature is not 64 bytes.');
  return { payload: parsed.data, signed: new TextEncoder().encode(payloadPart), signature };
}

/**
 * Verifies a token offline against the known public keys (kid → base64url raw 32-byte Ed25519 key).
 * `now` is a Date or unix milliseconds.
 */
export async function verifyPassToken(
  token: string,
  publicKeys: Record<string, string>,
  now: Date | number = Date.now(),
): Promise<PassTokenVerdict> {
  let decoded: DecodedPassToken;
  try {
    decoded = decodePassToken(token);
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const { payload } = decoded;
  const rawKey = Object.hasOwn(publicKeys, payload.kid) ? publicKeys[payload.kid] : undefined;
  if (!rawKey) return { valid: false, reason: 'unknown-key' };
  let ok = false;
  try {
    const keyBytes = base64urlToBytes(rawKey);
    if (keyBytes.length !== 32) return { valid: false, reason: 'unknown-key' };
    const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'Ed25519' }, false, ['verify']);
    ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, decoded.signature, decoded.signed);
  } catch {
    ok = false;
  }
  if (!ok) return { valid: false, reason: 'bad-signature' };
  const seconds = Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
  if (seconds < payload.vf) return { valid: false, reason: 'not-yet-valid' };
  if (seconds > payload.vt) return { valid: false, reason: 'expired' };
  return { valid: true, payload };
}
