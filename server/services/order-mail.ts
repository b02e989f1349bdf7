import { euros, REVERSE_CHARGE_NOTE } from '../../src/shared/pricing.ts';
import type { Mail } from './mail.ts';
import type { CompletedOrder } from './order-completion.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The registration's confirmation: what was ordered, what it cost, the pass status and the invoice. */
export function orderConfirmationMail(completed: CompletedOrder, baseUrl: string): Mail {
  const { order, user, pass, hotel, invoice } = completed;
  const items = order.lines.map(
    (line) =>
      `${line.description}${line.quantity > 1 ? ` (${line.quantity} × ${euros(line.unitPrice)} €)` : ''}: ${euros(line.net)} €`,
  );
  const totals = [
    `Net: ${euros(order.net)} €`,
    order.reverseCharge ? REVERSE_CHARGE_NOTE : `VAT ${order.vatBasisPoints / 100} %: ${euros(order.vat)} €`,
    `Total: ${euros(order.gross)} €`,
  ];
  const passLine =
    pass.status === 'approved'
      ? `Your ${pass.name} is approved. Sign in to see your pass and plan your visit: ${baseUrl}/sign-in`
      : `Your ${pass.name} awaits approval. We will e-mail you as soon as it is approved; then you can sign in.`;
  const paragraphs = [
    `Hello ${user.firstName},`,
    order.status === 'free'
      ? 'thank you for registering for CloudFest 2026 at Europa-Park. Your registration is complete.'
      : 'thank you for registering for CloudFest 2026 at Europa-Park. We have received your payment.',
    passLine,
    ...(hotel ? [`Your room at ${hotel.name} (${hotel.roomName}) is booked from ${hotel.start} to ${hotel.end}.`] : []),
    ...(invoice ? [`Your invoice ${invoice.number} is ready in your account under Invoices: ${baseUrl}/invoices`] : []),
  ];
  const subject = invoice
    ? `Your CloudFest 2026 registration, invoice ${invoice.number}`
    : 'Your CloudFest 2026 registration is complete';
  const text = `${paragraphs.join('\n\n')}\n\nYour order:\n${items.map((i) => `- ${i}`).join('\n')}\n\n${totals.join('\n')}\n`;
  const list = (rows: string[]) => `<ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;max-width:560px">' +
    '<h1>Your registration</h1>' +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<h2>Your order</h2>${list(items)}${list(totals)}` +
    '<p style="color:#666">CloudFest 2026</p></body></html>';
  return { to: user.email, subject, text, html };
}
