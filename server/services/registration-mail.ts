import type { Db } from '../db/client.ts';
import { emailTokens } from '../db/schema/index.ts';
import type { Language } from '../i18n/language.ts';
import { translator } from '../i18n/translate.ts';
import type { Mail } from './mail.ts';
import { composeMail } from './mail-layout.ts';
import { CONFIRM_LINK_HOURS } from './mail-templates.ts';
import { greeting } from './mail-text.ts';
import { randomToken, sha256 } from './tokens.ts';

/** Stores a single-use 'confirm' token (hashed, like the sign-up flow) and answers the link for the mail. */
export async function issueConfirmLink(db: Db, baseUrl: string, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose: 'confirm',
    // As long as confirmationMail says.
    expiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * 3600_000),
  });
  return `${baseUrl}/sign-up/confirm/${userId}?token=${token}`;
}

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
