import { venueDateTime } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import type { Mail } from '../mail/mail.ts';
import { composeMail } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';

/**
 * The notice after a signed-in password change. It goes to the account's address, so an owner
 * whose session was taken over learns of it and can take the account back with a reset link.
 */
export function passwordChangedMail(to: string, firstName: string, changedAt: Date, resetUrl: string, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('passwordChanged.subject'),
    heading: t('passwordChanged.heading'),
    paragraphs: [
      greeting(firstName, language),
      // Venue time, and the text says so: the owner may be anywhere, the event's clock is Berlin's.
      t('passwordChanged.when', { changedAt: venueDateTime(changedAt, language) }),
      t('passwordChanged.ifYou'),
      t('passwordChanged.ifNotYou'),
    ],
    actions: [{ label: t('passwordChanged.action'), url: resetUrl, text: t('passwordChanged.action.text', { url: resetUrl }) }],
  });
}
