import { useId, useState } from 'react';
import { checkPeriod, type PeriodError, previousMonth } from '#shared/export-period.ts';
import { DateField } from '../../components/ui/date-field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { VENUE_TIME_ZONE } from '../../shared/venue-time-zone.ts';
import './dashboard.css';

/*
 * The files come straight from the server as attachments: a plain link downloads them with the
 * session cookie (GET only), streamed, so a large event never has to fit in the page's memory as
 * it would with a Blob made on the device (src/lib/download.ts, for files made offline). Column
 * names and values stay English whatever the console's language (one format for imports); the
 * separators are a choice, German Excel's preselected in German.
 */

type CsvFormat = 'standard' | 'excel-de';

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

const PERIOD_ERRORS: Record<PeriodError, MessageKey<'organizer'>> = {
  invalidDate: 'exportsPeriodInvalidDate',
  reversed: 'exportsPeriodReversed',
  tooLong: 'exportsPeriodTooLong',
};

/** Today on the venue's calendar, YYYY-MM-DD. */
const venueToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE }).format(new Date());

/** The accountant's ZIP of a period's invoice files; last month preselected. */
function InvoiceArchive() {
  const t = useT('organizer');
  const id = useId();
  const [period, setPeriod] = useState(() => previousMonth(venueToday()));
  const checked = checkPeriod(period.from, period.to);
  const problem = 'error' in checked ? checked : null;
  const errorOf = (field: 'from' | 'to') => (problem?.field === field ? t(PERIOD_ERRORS[problem.error]) : undefined);
  const query = new URLSearchParams({ from: period.from, to: period.to }).toString();
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {t('exportsArchiveTitle')}
      </h2>
      <p>{t('exportsArchiveDescription')}</p>
      <div className="organizer-toolbar">
        <DateField
          label={t('exportsArchiveFrom')}
          value={period.from}
          onChange={(from) => setPeriod((before) => ({ ...before, from }))}
          error={errorOf('from')}
        />
        <DateField
          label={t('exportsArchiveTo')}
          value={period.to}
          onChange={(to) => setPeriod((before) => ({ ...before, to }))}
          error={errorOf('to')}
        />
      </div>
      <div className="card-actions">
        {problem ? (
          <button type="button" className="btn btn-primary" disabled>
            {t('exportsArchiveDownload')}
          </button>
        ) : (
          <a className="btn btn-primary" href={`/api/organizer/exports/invoices.zip?${query}`} download>
            {t('exportsArchiveDownload')}
          </a>
        )}
      </div>
    </section>
  );
}

/** /organizer/exports: CSV downloads for spreadsheets, and the accountant's ZIP of invoice files. */
export function ExportsPage() {
  const t = useT('organizer');
  const language = useLanguage();
  const id = useId();
  const [format, setFormat] = useState<CsvFormat>(language === 'de' ? 'excel-de' : 'standard');
  return (
    <div className="exports">
      <PageHeader title={t('exportsTitle')} lead={t('exportsLead')} />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-format`}>
          {t('exportsFormatLabel')}
        </label>
        <select
          id={`${id}-format`}
          className="input"
          value={format}
          onChange={(event) => setFormat(event.target.value as CsvFormat)}
        >
          <option value="standard">{t('exportsFormatStandard')}</option>
          <option value="excel-de">{t('exportsFormatExcelDe')}</option>
        </select>
      </div>
      <ul className="exports-list">
        {EXPORTS.map((file) => (
          <li key={file.href}>
            <section className="card" aria-label={t(file.title)}>
              <h2 className="card-title">{t(file.title)}</h2>
              <p>{t(file.description)}</p>
              <div className="card-actions">
                <a
                  className="btn btn-primary"
                  href={format === 'standard' ? file.href : `${file.href}?format=${format}`}
                  download
                >
                  {t(file.download)}
                </a>
              </div>
            </section>
          </li>
        ))}
      </ul>
      <InvoiceArchive />
      <p className="dashboard-notes">{t('exportsFormulaNote')}</p>
    </div>
  );
}
