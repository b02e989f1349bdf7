import type { Invoice } from '../../shared/contracts/registration.ts';

const issuedDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-02T09:15:00.000Z' → '2 Mar 2026' (dates are UTC by default, SPEC §9); '' when unreadable. */
export function formatIssuedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : issuedDate.format(date);
}

/** What the status badge says: a credit note is settled by its refund, so it reads 'Refunded' once paid. */
export function invoiceStatusLabel(invoice: Pick<Invoice, 'kind' | 'status'>): string {
  if (invoice.kind === 'credit-note') return invoice.status === 'paid' ? 'Refunded' : 'Refund pending';
  return invoice.status === 'paid' ? 'Paid' : 'Open';
}

/** PDF download path; the HttpOnly session cookie authenticates the plain GET (ARCHITECTURE §4). */
export function invoicePdfPath(invoice: Pick<Invoice, 'id'>): string {
  return `/api/invoice/${encodeURIComponent(invoice.id)}/pdf`;
}
