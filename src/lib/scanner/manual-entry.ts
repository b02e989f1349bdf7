import type { MessageKey } from '../../i18n/namespaces.ts';
import { decodePassToken, PASS_TOKEN_MAX_LENGTH } from '../../shared/pass-token.ts';

/**
 * Why a typed code is refused, as keys of the contacts catalogue (the scanner's texts live there);
 * the scanner shows them with MANUAL_ENTRY_LIMITS as their values.
 */
export const MANUAL_ENTRY_MESSAGES = {
  empty: 'manualEntryEmpty',
  tooLong: 'manualEntryTooLong',
  invalid: 'manualEntryInvalid',
} as const satisfies Record<string, MessageKey<'contacts'>>;

export type ManualEntryMessage = (typeof MANUAL_ENTRY_MESSAGES)[keyof typeof MANUAL_ENTRY_MESSAGES];

/** The values of the manual-entry messages. */
export const MANUAL_ENTRY_LIMITS = { max: PASS_TOKEN_MAX_LENGTH } as const;

export type ManualEntryResult = { ok: true; code: string } | { ok: false; message: ManualEntryMessage };

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
