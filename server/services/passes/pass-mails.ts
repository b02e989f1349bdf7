import { formatAmount } from '#shared/money.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import type { Mail } from '../mail/mail.ts';
import { composeMail } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';

/** To the holder of a pass that was just approved, in the holder's language. */
export function passApprovedMail(to: string, firstName: string, passName: string, signInUrl: string, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('approved.subject'),
    heading: t('approved.heading'),
    paragraphs: [greeting(firstName, language), t('approved.intro', { pass: passName }), t('approved.next')],
    actions: [{ label: t('action.signIn'), url: signInUrl, text: t('action.signIn.text', { url: signInUrl }) }],
  });
}

/** To the holder of a pending pass the organizers declined. No reason is given: it stays with the organizers. */
export function passRejectedMail(to: string, firstName: string, passName: string, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('rejected.subject'),
    heading: t('rejected.heading'),
    paragraphs: [greeting(firstName, language), t('rejected.intro', { pass: passName }), t('rejected.account')],
  });
}

/** To the holder of a pass an organizer cancelled; `refunded` in cents (0 when nothing was paid). */
export function passCancelledMail(to: string, firstName: string, passName: string, refunded: number, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('cancelled.subject'),
    heading: t('cancelled.heading'),
    paragraphs: [
      greeting(firstName, language),
      t('cancelled.intro', { pass: passName }),
      // The amount without the sign: each language places it ('EUR 299.00', '299,00 €').
      ...(refunded > 0 ? [t('cancelled.refund', { amount: formatAmount(refunded, language) })] : []),
      t('cancelled.questions'),
    ],
  });
}
