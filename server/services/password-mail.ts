import type { Mail } from './mail.ts';
import { greeting } from './mail-text.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const berlinTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', dateStyle: 'long', timeStyle: 'short' }).format(date);

/**
 * The notice after a signed-in password change. It goes to the account's address, so an owner
 * whose session was taken over learns of it and can take the account back with a reset link.
 */
export function passwordChangedMail(to: string, firstName: string, changedAt: Date, resetUrl: string): Mail {
  const lines = [
    greeting(firstName),
    `the password of your CloudFest 2026 account was changed on ${berlinTime(changedAt)} (Berlin time). All other devices were signed out.`,
    'If you made this change, there is nothing more to do.',
    'If you did not, reset your password now with the link below and check the e-mail address of your account.',
  ];
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const action = `<p><a href="${escapeHtml(resetUrl)}">Reset your password</a></p>`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1>Your password was changed</h1>${paragraphs}${action}<p style="color:#666">CloudFest 2026</p></body></html>`;
  return {
    to,
    subject: 'Your CloudFest password was changed',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetUrl}\n`,
    html,
  };
}
