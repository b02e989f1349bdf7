import type { Db } from '../db/client.ts';
import { emailTokens } from '../db/schema/index.ts';
import type { Mail } from './mail.ts';
import { greeting } from './mail-text.ts';
import { randomToken, sha256 } from './tokens.ts';

/** As long as the sign-up link: confirmationMail promises 48 hours. */
const CONFIRM_HOURS = 48;

/** Stores a single-use 'confirm' token (hashed, like the sign-up flow) and answers the link for the mail. */
export async function issueConfirmLink(db: Db, baseUrl: string, userId: string): Promise<string> {
  const token = randomToken();
  await db
    .insert(emailTokens)
    .values({ tokenHash: sha256(token), userId, purpose: 'confirm', expiresAt: new Date(Date.now() + CONFIRM_HOURS * 3600_000) });
  return `${baseUrl}/sign-up/confirm/${userId}?token=${token}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passApprovedMail(to: string, firstName: string, passName: string, signInUrl: string): Mail {
  const lines = [
    greeting(firstName),
    `good news: your ${passName} for CloudFest 2026 at Europa-Park has been approved.`,
    'You can now sign in to your account to see your pass, book your hotel and plan your visit. If you have not confirmed your e-mail address yet, please use the link in our confirmation e-mail first.',
  ];
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return {
    to,
    subject: 'Your CloudFest 2026 pass is approved',
    text: `${lines.join('\n\n')}\n\nSign in: ${signInUrl}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1>Your pass is approved</h1>${body}<p><a href="${escapeHtml(signInUrl)}">Sign in</a></p><p style="color:#666">CloudFest 2026</p></body></html>`,
  };
}
