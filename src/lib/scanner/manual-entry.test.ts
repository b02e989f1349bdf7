import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToBase64url, encodePayload, PASS_TOKEN_MAX_LENGTH } from '../../shared/pass-token.ts';
import { MANUAL_ENTRY_MESSAGES, validateManualCode } from './manual-entry.ts';

const { privateKey } = generateKeyPairSync('ed25519');
const encoded = encodePayload({
  v: 1,
  kid: 'k1',
  pid: 'p-1',
  n: 'Ada Lovelace',
  c: 'Analytical Engines Ltd',
  t: 'Standard Pass',
  vf: 0,
  vt: 2_000_000_000,
});
const token = `${encoded}.${bytesToBase64url(sign(null, Buffer.from(encoded), privateKey))}`;

describe('manual badge code entry', () => {
  it('accepts a badge code', () => {
    expect(validateManualCode(token)).toEqual({ ok: true, code: token });
  });

  it('removes whitespace around and inside (a code wrapped over lines in an e-mail)', () => {
    const wrapped = `  ${token.slice(0, 40)}\n${token.slice(40, 90)} \r\n\t${token.slice(90)}  `;
    expect(validateManualCode(wrapped)).toEqual({ ok: true, code: token });
  });

  it('asks for a code when empty', () => {
    expect(validateManualCode('')).toEqual({ ok: false, message: MANUAL_ENTRY_MESSAGES.empty });
    expect(validateManualCode(' \n ')).toEqual({ ok: false, message: MANUAL_ENTRY_MESSAGES.empty });
  });

  it('refuses text longer than a badge code', () => {
    expect(validateManualCode('a'.repeat(PASS_TOKEN_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: MANUAL_ENTRY_MESSAGES.tooLong,
    });
    expect(validateManualCode(' '.repeat(10_000))).toEqual({ ok: false, message: MANUAL_ENTRY_MESSAGES.tooLong });
  });

  it('refuses what is not a badge code', () => {
    for (const text of ['hello', 'https://example.com/x', `${encoded}.`, `${encoded}.AAAA`, token.slice(0, -10)]) {
      expect(validateManualCode(text)).toEqual({ ok: false, message: MANUAL_ENTRY_MESSAGES.invalid });
    }
  });
});
