import { venueDateTime } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import type { Mail } from '../mail/mail.ts';
import { composeMail } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';

/**
 * The confirmation after a person deleted their account (docs/behaviour.md §17), sent to the address
 * the account had before it was anonymised: what went, what the law keeps, and that a mistaken or
 * foreign deletion cannot be undone but a new account can be made.
 */
export function accountDeletedMail(to: string, firstName: string, deletedAt: Date, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('accountDeleted.subject'),
    heading: t('accountDeleted.heading'),
    paragraphs: [
      greeting(firstName, language),
      t('accountDeleted.when', { deletedAt: venueDateTime(deletedAt, language) }),
      t('accountDeleted.kept'),
      t('accountDeleted.ifNotYou'),
    ],
  });
}
