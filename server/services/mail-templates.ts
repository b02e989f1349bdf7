import type { Mail } from './mail.ts';
import { greeting } from './mail-text.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Action {
  label: string;
  url: string;
}

function layout(title: string, paragraphs: string[], action: Action, ...more: Action[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const links = [action, ...more].map((a) => `<p><a href="${escapeHtml(a.url)}">${escapeHtml(a.label)}</a></p>`).join('');
  return `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1>${escapeHtml(title)}</h1>${body}${links}<p style="color:#666">CloudFest 2026</p></body></html>`;
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

/**
 * To the holder of an account when someone signs up or registers with its address (finding 11): the
 * answer to the form does not say that the account exists, this mail does, to its owner only.
 */
export function existingAccountMail(to: string, firstName: string, baseUrl: string): Mail {
  const signIn = `${baseUrl}/sign-in`;
  const forgot = `${baseUrl}/sign-in/forgotpassword`;
  const lines = [
    greeting(firstName),
    'someone (hopefully you) just tried to create a CloudFest 2026 account with this e-mail address. You already have an account, so nothing was changed.',
    'Sign in with your password to see or get your pass. If you have forgotten your password, you can choose a new one.',
    'If this was not you, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'You already have a CloudFest 2026 account',
    text: `${lines.join('\n\n')}\n\nSign in: ${signIn}\nForgot your password? ${forgot}\n`,
    html: layout(
      'You already have an account',
      lines,
      { label: 'Sign in', url: signIn },
      { label: 'Choose a new password', url: forgot },
    ),
  };
}

/**
 * To a registrant whose free pass was only held until the address was confirmed (finding 7): the
 * hold ran out before the confirmation and the pool was empty by then, so the pass is cancelled.
 */
export function freePassGoneMail(to: string, firstName: string, baseUrl: string): Mail {
  const signIn = `${baseUrl}/sign-in`;
  const lines = [
    greeting(firstName),
    'thank you for confirming your e-mail address. Your free Standard Pass for CloudFest 2026 was reserved for one hour after you registered; the confirmation came after that, and meanwhile every free pass has been given away.',
    'We are sorry: your free pass is cancelled and cannot be used for admission. Your account remains, and you can sign in to get a pass while passes are available.',
  ];
  return {
    to,
    subject: 'Your free CloudFest 2026 pass could not be kept',
    text: `${lines.join('\n\n')}\n\nSign in: ${signIn}\n`,
    html: layout('Your free pass could not be kept', lines, { label: 'Sign in', url: signIn }),
  };
}
