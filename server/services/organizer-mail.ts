import type { Mail } from './mail.ts';
import { greeting } from './mail-text.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:sans-serif;max-width:560px"><h1>${escapeHtml(title)}</h1>${body}<p style="color:#666">CloudFest 2026</p></body></html>`;
}

/** To the holder of a pending pass the organizers declined (issue 14). No reason is given: it stays with the organizers. */
export function passRejectedMail(to: string, firstName: string, passName: string): Mail {
  const lines = [
    greeting(firstName),
    `thank you for registering for CloudFest 2026. We have reviewed your request for a ${passName} and unfortunately cannot approve it.`,
    'Your account remains, but it does not give access to the event. If you believe this is a mistake, please reply to this e-mail and we will look into it.',
  ];
  return {
    to,
    subject: 'Your CloudFest 2026 pass request',
    text: `${lines.join('\n\n')}\n`,
    html: html('Your pass request', lines),
  };
}

/** To the holder of a pass an organizer cancelled; `refunded` in cents (0 when nothing was paid). */
export function passCancelledMail(to: string, firstName: string, passName: string, refunded: number): Mail {
  const lines = [
    greeting(firstName),
    `your ${passName} for CloudFest 2026 has been cancelled. Its barcode is no longer valid.`,
    ...(refunded > 0
      ? [
          `We have refunded EUR ${(refunded / 100).toFixed(2)} to the payment method you used; a credit note is in the Invoices section of your account.`,
        ]
      : []),
    'If you have questions about this cancellation, please reply to this e-mail.',
  ];
  return {
    to,
    subject: 'Your CloudFest 2026 pass has been cancelled',
    text: `${lines.join('\n\n')}\n`,
    html: html('Your pass has been cancelled', lines),
  };
}
