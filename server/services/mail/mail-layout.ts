import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import type { Mail } from './mail.ts';

/**
 * The one shape of every mail the server sends: plain text (what SMTP clients without HTML show,
 * and what tests read) and the same words as simple HTML. Texts come translated from the caller
 * (server/locales/<language>/mail.json); this only lays them out and escapes them.
 */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailAction {
  /** The link's words in the HTML part: 'Sign in'. */
  label: string;
  url: string;
  /** The whole line in the text part, URL included: 'Sign in: https://…'. */
  text: string;
}

export interface MailContent {
  to: string;
  language: Language;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Links after the paragraphs (and after `extra`), one per line in the text part. */
  actions?: MailAction[];
  /** A block of its own after the paragraphs (an order's items and totals), already as text and HTML. */
  extra?: { text: string; html: string };
}

export function composeMail({ to, language, subject, heading, paragraphs, actions = [], extra }: MailContent): Mail {
  const blocks = [
    paragraphs.join('\n\n'),
    ...(extra ? [extra.text] : []),
    ...(actions.length ? [actions.map((a) => a.text).join('\n')] : []),
  ];
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const links = actions.map((a) => `<p><a href="${escapeHtml(a.url)}">${escapeHtml(a.label)}</a></p>`).join('');
  const signature = translator(language, 'mail')('signature');
  return {
    to,
    subject,
    text: `${blocks.join('\n\n')}\n`,
    html:
      `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;max-width:560px">` +
      `<h1>${escapeHtml(heading)}</h1>${body}${extra?.html ?? ''}${links}` +
      `<p style="color:#666">${escapeHtml(signature)}</p></body></html>`,
  };
}
