import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';

/**
 * User-written text in our mails. The mails are official and may go to an address the
 * writer does not own (a sign-up for someone else's address), so user text must not be able to add
 * lines, paragraphs or links to them. The request contracts refuse control characters in names; this
 * is the second line for whatever is stored: a name appears only when it reads as a name.
 */

/** Letters of any script and their marks, joined by single spaces, apostrophes or hyphens; "M. " style initials. */
const NAME_LIKE = /^[\p{L}\p{M}]+(?:(?:[ '’-]|\. )[\p{L}\p{M}]+)*\.?$/u;
const MAX_NAME_LENGTH = 40;
const MAX_NAME_PARTS = 4;

/** The name when it is plainly a name (no digits, dots between letters, slashes, colons, controls), else null. */
export function nameForMail(name: string | null | undefined): string | null {
  const trimmed = (name ?? '').trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH) return null;
  if (!NAME_LIKE.test(trimmed)) return null;
  if (trimmed.split(' ').length > MAX_NAME_PARTS) return null;
  return trimmed;
}

/** "Hello Ada," / "Guten Tag Ada," or, when the stored name is not plainly a name, "Hello," / "Guten Tag,". */
export function greeting(firstName: string | null | undefined, language: Language): string {
  const t = translator(language, 'mail');
  const name = nameForMail(firstName);
  return name ? t('greeting.named', { name }) : t('greeting.anonymous');
}
