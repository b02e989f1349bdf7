import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue, translate } from '../../i18n/i18n.ts';
import { formatIssuedAt, type InvoicesT, invoicePdfPath, invoiceStatusLabel } from './invoice-format.ts';

// The real English catalogue, as the page shows it.
beforeAll(async () => {
  await loadCatalogue('en', 'invoices');
  i18n.activate('en');
});
const t: InvoicesT = (key, values) => translate('invoices', key, values);

describe('invoice formatting', () => {
  it('shows the issue date in UTC', () => {
    expect(formatIssuedAt('2026-03-02T23:30:00.000Z')).toBe('2 Mar 2026');
    expect(formatIssuedAt('not a date')).toBe('');
  });

  it('labels invoices and credit notes by their status', () => {
    expect(invoiceStatusLabel({ kind: 'invoice', status: 'paid' }, t)).toBe('Paid');
    expect(invoiceStatusLabel({ kind: 'invoice', status: 'open' }, t)).toBe('Open');
    expect(invoiceStatusLabel({ kind: 'credit-note', status: 'paid' }, t)).toBe('Refunded');
    expect(invoiceStatusLabel({ kind: 'credit-note', status: 'open' }, t)).toBe('Refund pending');
  });

  it('links the PDF of one invoice', () => {
    expect(invoicePdfPath({ id: '0b8f2c5e-8d1a-4c1e-9d3e-6f0a1b2c3d4e' })).toBe(
      '/api/invoice/0b8f2c5e-8d1a-4c1e-9d3e-6f0a1b2c3d4e/pdf',
    );
  });
});
