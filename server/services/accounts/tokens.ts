import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: bearer tokens, e-mail links. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
