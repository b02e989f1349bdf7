import { euros, FREE_LABEL, isFreeOrder, REVERSE_CHARGE_NOTE } from '#shared/pricing.ts';
import type { Mail } from './mail.ts';
import { greeting } from './mail-text.ts';
import type { CompletedOrder } from './completed-order.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Wording {
  heading: string;
  /** The subject without the invoice number. */
  subject: string;
  /** What the order delivered, after the greeting and the thanks. */
  delivered: string[];
}

/** What each kind of order says it delivered. */
function wordingOf(completed: CompletedOrder, baseUrl: string): Wording {
  const { order, pass, hotel, upgrade, trainTicket } = completed;
  const room = hotel ? `Your room at ${hotel.name} (${hotel.roomName}) is booked from ${hotel.start} to ${hotel.end}.` : null;
  switch (order.kind) {
    case 'upgrade': {
      const to = upgrade?.to ?? pass?.name ?? 'new pass';
      return {
        heading: upgrade?.from ? 'Your pass upgrade' : 'Your pass',
        subject: upgrade?.from ? `Your CloudFest 2026 upgrade to ${to}` : `Your CloudFest 2026 ${to}`,
        delivered: [
          upgrade?.from
            ? `Your ${upgrade.from} is now a ${to}. Open your pass in the app for its new barcode; the old barcode is no longer valid: ${baseUrl}/pass`
            : `Your ${to} is ready. Open your pass in the app for its barcode: ${baseUrl}/pass`,
        ],
      };
    }
    case 'hotel':
      return {
        heading: 'Your hotel booking',
        subject: 'Your CloudFest 2026 hotel booking',
        delivered: [room ?? 'Your room is booked.', `Your bookings and their guests are in the app: ${baseUrl}/accommodation`],
      };
    case 'train-ticket':
      return {
        heading: 'Your train ticket',
        subject: 'Your CloudFest 2026 train ticket',
        delivered: [
          `Your ${trainTicket?.name ?? 'train ticket'} is booked. Your ticket code: ${trainTicket?.code ?? ''}`,
          `Show the code with your ID when travelling; you also find it in the app: ${baseUrl}/train-ticket`,
        ],
      };
    case 'registration': {
      const passLine = !pass
        ? null
        : pass.status === 'approved'
          ? `Your ${pass.name} is approved. Sign in to see your pass and plan your visit: ${baseUrl}/sign-in`
          : `Your ${pass.name} awaits approval. We will e-mail you as soon as it is approved; then you can sign in.`;
      return {
        heading: 'Your registration',
        subject: 'Your CloudFest 2026 registration',
        delivered: [...(passLine ? [passLine] : []), ...(room ? [room] : [])],
      };
    }
  }
}

/** The confirmation of a completed order: what was ordered and delivered, what it cost, the invoice. */
export function orderConfirmationMail(completed: CompletedOrder, baseUrl: string): Mail {
  const { order, user, invoice } = completed;
  const wording = wordingOf(completed, baseUrl);
  const amount = (cents: number) => (cents === 0 ? FREE_LABEL : `${euros(cents)} €`);
  const items = order.lines.map(
    (line) =>
      `${line.description}${line.quantity > 1 ? ` (${line.quantity} × ${euros(line.unitPrice)} €)` : ''}: ${amount(line.net)}`,
  );
  // A free order: 'Total: Free', without net and VAT lines.
  const totals = isFreeOrder(order)
    ? [`Total: ${FREE_LABEL}`]
    : [
        `Net: ${euros(order.net)} €`,
        order.reverseCharge ? REVERSE_CHARGE_NOTE : `VAT ${order.vatBasisPoints / 100} %: ${euros(order.vat)} €`,
        `Total: ${euros(order.gross)} €`,
      ];
  const thanks =
    order.kind === 'registration'
      ? order.status === 'free'
        ? 'thank you for registering for CloudFest 2026 at Europa-Park. Your registration is complete.'
        : 'thank you for registering for CloudFest 2026 at Europa-Park. We have received your payment.'
      : order.status === 'free'
        ? 'thank you for your order for CloudFest 2026 at Europa-Park.'
        : 'thank you for your order for CloudFest 2026 at Europa-Park. We have received your payment.';
  const paragraphs = [
    greeting(user.firstName),
    thanks,
    ...wording.delivered,
    ...(invoice ? [`Your invoice ${invoice.number} is ready in your account under Invoices: ${baseUrl}/invoices`] : []),
  ];
  const subject = invoice
    ? `${wording.subject}, invoice ${invoice.number}`
    : order.kind === 'registration'
      ? 'Your CloudFest 2026 registration is complete'
      : wording.subject;
  const text = `${paragraphs.join('\n\n')}\n\nYour order:\n${items.map((i) => `- ${i}`).join('\n')}\n\n${totals.join('\n')}\n`;
  const list = (rows: string[]) => `<ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;max-width:560px">' +
    `<h1>${escapeHtml(wording.heading)}</h1>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<h2>Your order</h2>${list(items)}${list(totals)}` +
    '<p style="color:#666">CloudFest 2026</p></body></html>';
  return { to: user.email, subject, text, html };
}
