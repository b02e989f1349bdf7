import type { Mail } from './mail.ts';
import { greeting } from './mail-text.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1>${escapeHtml(title)}</h1>${body}<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p style="color:#666">CloudFest 2026</p></body></html>`;
}

/** `note`: a paragraph of our own after the request to confirm (never user text). */
export function confirmationMail(to: string, firstName: string, url: string, note?: string): Mail {
  const lines = [
    greeting(firstName),
    'thank you for creating your CloudFest 2026 account. Please confirm your e-mail address to sign in.',
    ...(note ? [note] : []),
    'The link is valid for 48 hours. If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Confirm your e-mail address for CloudFest 2026',
    text: `${lines.join('\n\n')}\n\nConfirm your e-mail address: ${url}\n`,
    html: layout('Confirm your e-mail address', lines, { label: 'Confirm e-mail address', url }),
  };
}

export function passwordResetMail(to: string, firstName: string, url: string): Mail {
  const lines = [
    greeting(firstName),
    'someone (hopefully you) asked to reset the password of your CloudFest 2026 account.',
    'The link is valid for one hour and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays unchanged.',
  ];
  return {
    to,
    subject: 'Reset your CloudFest 2026 password',
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${url}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
  };
}
