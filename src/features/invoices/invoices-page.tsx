import { z } from 'zod/mini';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatEuro } from '../../lib/money.ts';
import { useRequest } from '../../lib/use-request.ts';
import { type Invoice, invoiceSchema } from '../../shared/contracts/registration.ts';
import { formatIssuedAt, invoicePdfPath, invoiceStatusLabel, invoiceXmlPath } from './invoice-format.ts';
import './invoices.css';

const invoicesSchema = z.array(invoiceSchema);

/** GET /api/invoice (docs/behaviour.md §7): the user's invoices and credit notes, newest first. */
function fetchInvoices(signal: AbortSignal): Promise<Invoice[]> {
  return api('/api/invoice', invoicesSchema, { signal });
}

/** /invoices: every invoice and credit note with its amount, status and PDF download. */
export function InvoicesPage() {
  const t = useT('invoices');
  const invoices = useRequest(fetchInvoices, []);
  return (
    <div className="invoices-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <LoadState
        state={invoices}
        loading={t('loading')}
        error={(error) => t('loadFailed', { reason: errorMessage(error) })}
        retryLabel={t('tryAgain')}
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('emptyTitle')}>{t('emptyText')}</EmptyState>
          ) : (
            <ul className="invoice-list" aria-label={t('yourInvoices')}>
              {list.map((invoice) => (
                <li key={invoice.id}>
                  <InvoiceCard invoice={invoice} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
    </div>
  );
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  const t = useT('invoices');
  const language = useLanguage();
  const creditNote = invoice.kind === 'credit-note';
  const titleId = `invoice-${invoice.id}`;
  return (
    <article className={creditNote ? 'card invoice invoice--credit-note' : 'card invoice'} aria-labelledby={titleId}>
      <div className="invoice__head">
        <h2 id={titleId} className="invoice__number">
          {creditNote ? <span className="invoice__kind">{t('creditNote')}</span> : null}
          {invoice.number}
        </h2>
        <span className={`badge invoice__status invoice__status--${invoice.status}`}>{invoiceStatusLabel(invoice, t)}</span>
      </div>
      <p className="invoice__description">{invoice.description}</p>
      <dl className="invoice__facts">
        <div>
          <dt>{t('date')}</dt>
          <dd>
            <time dateTime={invoice.issuedAt}>{formatIssuedAt(invoice.issuedAt, language)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd className="invoice__amount">{formatEuro(invoice.gross, language)}</dd>
        </div>
      </dl>
      <p className="invoice__breakdown">
        {t('breakdown', { net: formatEuro(invoice.net, language), vat: formatEuro(invoice.vat, language) })}
      </p>
      <a className="btn btn-secondary invoice__download" href={invoicePdfPath(invoice)} download={`${invoice.number}.pdf`}>
        <Text
          ns="invoices"
          k="downloadPdf"
          values={{ number: invoice.number }}
          components={{ hidden: <span className="visually-hidden" /> }}
        />
      </a>
      <a className="invoice__xml" href={invoiceXmlPath(invoice)} download={`${invoice.number}.xml`}>
        <Text
          ns="invoices"
          k="downloadXml"
          values={{ number: invoice.number }}
          components={{ hidden: <span className="visually-hidden" /> }}
        />
      </a>
    </article>
  );
}
