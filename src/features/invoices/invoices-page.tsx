import { z } from 'zod/mini';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { api } from '../../lib/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { useRequest } from '../../lib/use-request.ts';
import { type Invoice, invoiceSchema } from '../../shared/contracts/registration.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { Notice } from '../../components/ui/notice.tsx';
import { formatIssuedAt, invoicePdfPath, invoiceStatusLabel } from './invoice-format.ts';
import './invoices.css';

const invoicesSchema = z.array(invoiceSchema);

/** GET /api/invoice (SPEC §7): the user's invoices and credit notes, newest first. */
function fetchInvoices(signal: AbortSignal): Promise<Invoice[]> {
  return api('/api/invoice', invoicesSchema, { signal });
}

/** /invoices: every invoice and credit note with its amount, status and PDF download. */
export function InvoicesPage() {
  const invoices = useRequest(fetchInvoices, []);
  return (
    <div className="invoices-page">
      <PageHeader title="Invoices" lead="Invoices and credit notes for your pass, hotel and train ticket, as PDF downloads." />
      {invoices.status === 'loading' ? (
        <p className="card" role="status" aria-busy="true">
          Loading your invoices…
        </p>
      ) : invoices.status === 'error' ? (
        <div className="stack">
          <Notice tone="danger">Your invoices could not be loaded. {errorMessage(invoices.error)}</Notice>
          <div>
            <button type="button" className="btn btn-secondary" onClick={invoices.retry}>
              Try again
            </button>
          </div>
        </div>
      ) : invoices.data.length === 0 ? (
        <EmptyState title="No invoices yet">
          When you buy a pass, an upgrade, a hotel room or a train ticket, its invoice appears here as a PDF to download.
        </EmptyState>
      ) : (
        <ul className="invoice-list" aria-label="Your invoices">
          {invoices.data.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceCard invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  const creditNote = invoice.kind === 'credit-note';
  const titleId = `invoice-${invoice.id}`;
  return (
    <article className={creditNote ? 'card invoice invoice--credit-note' : 'card invoice'} aria-labelledby={titleId}>
      <div className="invoice__head">
        <h2 id={titleId} className="invoice__number">
          {creditNote ? <span className="invoice__kind">Credit note</span> : null}
          {invoice.number}
        </h2>
        <span className={`badge invoice__status invoice__status--${invoice.status}`}>{invoiceStatusLabel(invoice)}</span>
      </div>
      <p className="invoice__description">{invoice.description}</p>
      <dl className="invoice__facts">
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={invoice.issuedAt}>{formatIssuedAt(invoice.issuedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd className="invoice__amount">{formatEuro(invoice.gross)}</dd>
        </div>
      </dl>
      <p className="invoice__breakdown">
        Net {formatEuro(invoice.net)} · VAT {formatEuro(invoice.vat)}
      </p>
      <a className="btn btn-secondary invoice__download" href={invoicePdfPath(invoice)} download={`${invoice.number}.pdf`}>
        Download PDF<span className="visually-hidden"> of {invoice.number}</span>
      </a>
    </article>
  );
}
