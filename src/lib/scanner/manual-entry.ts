import { decodePassToken, PASS_TOKEN_MAX_LENGTH } from '../../shared/pass-token.ts';

export const MANUAL_ENTRY_MESSAGES = {
  empty: 'Enter the badge code.',
  tooLong: `This is too long to be a badge code (at most ${PASS_TOKEN_MAX_LENGTH} characters).`,
  invalid: 'This is not a badge code. Copy the whole code, from the first character to the last.',
} as const;

export type ManualEntryResult = { ok: true; code: string } | { ok: false; message: string };

/**
 * Checks a typed or pasted badge code before it goes where a scanned one would. Whitespace is
 * removed everywhere, not only at the ends: a code pasted from an e-mail may be wrapped over lines,
 * and a badge code never contains any. Only the shape is checked here; the signature is the page's
 * business, exactly as for a scanned code.
 */
export function validateManualCode(input: string): ManualEntryResult {
  // Bound the work before touching the text: a pasted novel is refused without a scan over it.
  if (input.length > PASS_TOKEN_MAX_LENGTH * 2) return { ok: false, message: MANUAL_ENTRY_MESSAGES.tooLong };
  const code = input.replace(/\s+/g, '');
  if (code.length === 0) return { ok: false, message: MANUAL_ENTRY_MESSAGES.empty };
  if (code.length > PASS_TOKEN_MAX_LENGTH) return { ok: false, message: MANUAL_ENTRY_MESSAGES.tooLong };
  try {
    decodePassToken(code);
  } catch {
    return { ok: false, message: MANUAL_ENTRY_MESSAGES.invalid };
  }
  return { ok: true, code };
}
