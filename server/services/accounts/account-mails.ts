import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import type { Mail } from '../mail/mail.ts';
import { composeMail } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';

/** How long a confirmation link lasts; the mail says so (auth.ts and confirm-links.ts issue them). */
export const CONFIRM_LINK_HOURS = 48;

/**
 * The account mails (sign-up, reset, existing account, free pass gone), each in the holder's
 * language: the account's for a known account, the request's for a new one.
 */

/** `freePassHeld`: the registrant's free pass is only held until the address is confirmed. */
export function confirmationMail(
  to: string,
  firstName: string,
  url: string,
  language: Language,
  options: { freePassHeld?: boolean } = {},
): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('confirm.subject'),
    heading: t('confirm.heading'),
    paragraphs: [
      greeting(firstName, language),
      t('confirm.intro'),
      ...(options.freePassHeld ? [t('confirm.freePassHeld')] : []),
      t('confirm.validity', { hours: CONFIRM_LINK_HOURS }),
    ],
    actions: [{ label: t('confirm.action'), url, text: t('confirm.action.text', { url }) }],
  });
}

export function passwordResetMail(to: string, firstName: string, url: string, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('reset.subject'),
    heading: t('reset.heading'),
    paragraphs: [greeting(firstName, language), t('reset.intro'), t('reset.validity')],
    actions: [{ label: t('reset.action'), url, text: t('reset.action.text', { url }) }],
  });
}

/**
 * To the holder of an account when someone signs up or registers with its address: the
 * answer to the form does not say that the account exists, this mail does, to its owner only.
 */
export function existingAccountMail(to: string, firstName: string, baseUrl: string, language: Language): Mail {
  const t = translator(language, 'mail');
  const signIn = `${baseUrl}/sign-in`;
  const forgot = `${baseUrl}/sign-in/forgotpassword`;
  return composeMail({
    to,
    language,
    subject: t('existing.subject'),
    heading: t('existing.heading'),
    paragraphs: [greeting(firstName, language), t('existing.intro'), t('existing.howToSignIn'), t('existing.notYou')],
    actions: [
      { label: t('action.signIn'), url: signIn, text: t('action.signIn.text', { url: signIn }) },
      { label: t('existing.newPassword'), url: forgot, text: t('existing.newPassword.text', { url: forgot }) },
    ],
  });
}

/**
 * To a registrant whose free pass was only held until the address was confirmed: the
 * hold ran out before the confirmation and the pool was empty by then, so the pass is cancelled.
 */
export function freePassGoneMail(to: string, firstName: string, baseUrl: string, language: Language): Mail {
  const t = translator(language, 'mail');
  const signIn = `${baseUrl}/sign-in`;
  return composeMail({
    to,
    language,
    subject: t('freePassGone.subject'),
    heading: t('freePassGone.heading'),
    paragraphs: [greeting(firstName, language), t('freePassGone.intro'), t('freePassGone.cancelled')],
    actions: [{ label: t('action.signIn'), url: signIn, text: t('action.signIn.text', { url: signIn }) }],
  });
}
