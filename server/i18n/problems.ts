import { describeIssue, type IssueLike, type ValidationProblem } from '#shared/validation.ts';
import type { MessageKey } from './catalogues.ts';
import { CATALOGUES } from './catalogues.ts';
import type { Language } from './language.ts';
import { argumentsOf, compileMessageOrThrow } from './messages.ts';
import { translator, type Values } from './translate.ts';

/**
 * Problem details (application/problem+json) in the language the request prefers.
 *
 * The server's error texts are English constants spread over the routes and the shared contracts
 * (MESSAGES, ACCOUNT_MESSAGES, 'Required', ...), thrown as they are. Rather than threading a
 * language through every throw, the answer is translated on its way out: server/locales/en/problems.json
 * holds those English texts under stable keys (a test holds it to the constants), so an English
 * text maps back to its key and on to the German message. A text with values (seconds to wait) is
 * thrown with its key and values (ProblemText) instead. English answers are never touched, so they
 * stay byte for byte what they were; a text without a translation stays English.
 */

export type ProblemKey = MessageKey<'problems'>;

/**
 * A problem text given by key rather than by its English words: a problems message with values
 * (a wait in seconds), or a validation message of the shared contracts and rules (src/shared/validation.ts).
 */
export type ProblemText = { key: ProblemKey; values: Values } | { validation: ValidationProblem };

/** Whether a text is a key of the validation catalogue (a contract's message) rather than zod's own default. */
const isValidationKey = (text: string) => Object.hasOwn(CATALOGUES.en.validation, text);

/** The validation message of a zod issue, as the request validator passes it on. */
export const issueText = (issue: IssueLike): ProblemText => ({ validation: describeIssue(issue, isValidationKey) });

/** A problem text in a language. */
function textIn(language: Language, text: ProblemText): string {
  if ('validation' in text) return translator(language, 'validation')(text.validation.key, text.validation.values);
  return translator(language, 'problems')(text.key, text.values);
}

/** English text → key, for the texts without values; built on the first non-English answer. */
let keysByEnglish: Map<string, ProblemKey> | undefined;

function keyOf(english: string): ProblemKey | undefined {
  if (!keysByEnglish) {
    keysByEnglish = new Map();
    for (const [key, message] of Object.entries(CATALOGUES.en.problems)) {
      if (argumentsOf(compileMessageOrThrow(message)).size === 0) keysByEnglish.set(message, key as ProblemKey);
    }
  }
  return keysByEnglish.get(english);
}

/** The English text of a keyed problem text: what the answer says in English and what the logs show. */
export const englishProblemText = (text: ProblemText) => textIn('en', text);

/** The title for a status: 'Not Found' / 'Nicht gefunden'. */
export function problemTitle(status: number, language: Language): string {
  const key = `title.${status}`;
  const t = translator(language, 'problems');
  return key in CATALOGUES.en.problems ? t(key as ProblemKey) : t('title.other');
}

/**
 * A detail or field message in the answer's language: the keyed text when there is one, else the
 * English text's own translation when it has one, else the English text as it is.
 */
export function localizeProblemText(english: string, language: Language, text?: ProblemText): string {
  if (text) return textIn(language, text);
  if (language === 'en') return english;
  const key = keyOf(english);
  return key ? translator(language, 'problems')(key) : english;
}
