// The validation messages are the app's catalogue: one table for the forms and the API (src/shared/validation.ts).
import deValidation from '../../src/locales/de/validation.json' with { type: 'json' };
import enValidation from '../../src/locales/en/validation.json' with { type: 'json' };
import deCommon from '../locales/de/common.json' with { type: 'json' };
import deMail from '../locales/de/mail.json' with { type: 'json' };
import dePdf from '../locales/de/pdf.json' with { type: 'json' };
import deProblems from '../locales/de/problems.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enMail from '../locales/en/mail.json' with { type: 'json' };
import enPdf from '../locales/en/pdf.json' with { type: 'json' };
import enProblems from '../locales/en/problems.json' with { type: 'json' };
import type { Language } from './language.ts';

/**
 * The server's message catalogues (server/locales/<language>/<namespace>.json): flat objects of ICU
 * messages, English the source of truth. They are a few kilobytes, so they are bundled with the
 * server; what is lazy is their compilation (translate.ts), on the first text of a language and
 * namespace. The `satisfies` lines make a key missing from a translation a type error as well as a
 * test failure (check-catalogues.ts).
 */

const SOURCE = { common: enCommon, mail: enMail, pdf: enPdf, problems: enProblems, validation: enValidation };

export type Namespace = keyof typeof SOURCE;
/** The keys of a namespace, from the English catalogue. */
export type MessageKey<N extends Namespace> = keyof (typeof SOURCE)[N] & string;

type Translation<N extends Namespace> = Record<MessageKey<N>, string>;

export const CATALOGUES: Record<Language, { [N in Namespace]: Translation<N> }> = {
  en: SOURCE,
  de: {
    common: deCommon satisfies Translation<'common'>,
    mail: deMail satisfies Translation<'mail'>,
    pdf: dePdf satisfies Translation<'pdf'>,
    problems: deProblems satisfies Translation<'problems'>,
    validation: deValidation satisfies Translation<'validation'>,
  },
};
