import { dateFormat } from '../../i18n/formats.ts';
import { activeLanguage, type Language } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import type { Invoice } from '../../shared/contracts/registration.ts';

/** The invoices namespace's translator (useT('invoices')). */
export type InvoicesT = (key: MessageKey<'invoices'>, values?: Values) => string;

// One formatter per language, made when first needed.

/**
 * '2026-03-02T09:15:00.000Z' → '2 Mar 2026' (German '2. März 2026'; dates are UTC by default,
 * docs/behaviour.md §9); '' when unreadable.
 */
export function formatIssuedAt(iso: string, language: Language = activeLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** What the status badge says: a credit note is settled by its refund, so it reads 'Refunded' once paid. */
export function invoiceStatusLabel(invoice: Pick<Invoice, 'kind' | 'status'>, t: InvoicesT): string {
  if (invoice.kind === 'credit-note') return invoice.status === 'paid' ? t('statusRefunded') : t('statusRefundPending');
  return invoice.status === 'paid' ? t('statusPaid') : t('statusOpen');
}

/** PDF download path; the HttpOnly session cookie authenticates the plain GET (docs/architecture.md §4). */
export function invoicePdfPath(invoice: Pick<Invoice, 'id'>): string {
  return `/api/invoice/${encodeURIComponent(invoice.id)}/pdf`;
}

/** The same invoice as EN 16931 CII XML alone, for accounting software that wants no PDF. */
export function invoiceXmlPath(invoice: Pick<Invoice, 'id'>): string {
  return `/api/invoice/${encodeURIComponent(invoice.id)}/xml`;
}
