import { PageHeader } from '../../components/ui/page-header.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import './dashboard.css';

/*
 * The files come straight from the server as attachments: a plain link downloads them with the
 * session cookie (GET only), streamed, so a large event never has to fit in the page's memory as
 * it would with a Blob made on the device (src/lib/download.ts, for files made offline). The files
 * themselves stay in English whatever the console's language (one format for spreadsheets).
 */

interface ExportFile {
  href: string;
  /** Catalogue keys (organizer namespace). */
  title: MessageKey<'organizer'>;
  description: MessageKey<'organizer'>;
  download: MessageKey<'organizer'>;
}

const EXPORTS: readonly ExportFile[] = [
  {
    href: '/api/organizer/exports/attendees.csv',
    title: 'exportsAttendeesTitle',
    description: 'exportsAttendeesDescription',
    download: 'exportsAttendeesDownload',
  },
  {
    href: '/api/organizer/exports/orders.csv',
    title: 'exportsInvoicesTitle',
    description: 'exportsInvoicesDescription',
    download: 'exportsInvoicesDownload',
  },
  {
    href: '/api/organizer/exports/checkins.csv',
    title: 'exportsCheckinsTitle',
    description: 'exportsCheckinsDescription',
    download: 'exportsCheckinsDownload',
  },
];

/** /organizer/exports: CSV downloads for spreadsheets and the accountant. */
export function ExportsPage() {
  const t = useT('organizer');
  return (
    <div className="exports">
      <PageHeader title={t('exportsTitle')} lead={t('exportsLead')} />
      <ul className="exports-list">
        {EXPORTS.map((file) => (
          <li key={file.href}>
            <section className="card" aria-label={t(file.title)}>
              <h2 className="card-title">{t(file.title)}</h2>
              <p>{t(file.description)}</p>
              <div className="card-actions">
                <a className="btn btn-primary" href={file.href} download>
                  {t(file.download)}
                </a>
              </div>
            </section>
          </li>
        ))}
      </ul>
      <p className="dashboard-notes">{t('exportsFormulaNote')}</p>
    </div>
  );
}
