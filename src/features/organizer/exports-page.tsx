import { PageHeader } from '../../components/ui/page-header.tsx';
import './dashboard.css';

/*
 * The files come straight from the server as attachments: a plain link downloads them with the
 * session cookie (GET only), streamed, so a large event never has to fit in the page's memory as
 * it would with a Blob made on the device (src/lib/download.ts, for files made offline).
 */

interface ExportFile {
  href: string;
  title: string;
  description: string;
}

const EXPORTS: readonly ExportFile[] = [
  {
    href: '/api/organizer/exports/attendees.csv',
    title: 'Attendees',
    description:
      'Every account with its pass type and status, voucher code, registration and approval times, roles and lead team.',
  },
  {
    href: '/api/organizer/exports/orders.csv',
    title: 'Invoices for the accountant',
    description:
      'Every invoice and credit note in number order: date, kind, net, VAT rate, VAT, gross, reverse charge and the buyer’s VAT ID. Credit notes are negative lines.',
  },
  {
    href: '/api/organizer/exports/checkins.csv',
    title: 'Check-ins',
    description:
      'Every check-in of every list in scan order, with device and staff; duplicates are marked. One list’s file is on its card under Check-in lists.',
  },
];

/** /organizer/exports: CSV downloads for spreadsheets and the accountant. */
export function ExportsPage() {
  return (
    <div className="exports">
      <PageHeader
        title="Exports"
        lead="CSV files for spreadsheets: UTF-8 with a byte order mark (Excel reads umlauts), comma-separated, times in venue time (Europe/Berlin)."
      />
      <ul className="exports-list">
        {EXPORTS.map((file) => (
          <li key={file.href}>
            <section className="card" aria-label={file.title}>
              <h2 className="card-title">{file.title}</h2>
              <p>{file.description}</p>
              <div className="card-actions">
                <a className="btn btn-primary" href={file.href} download>
                  Download {file.title.toLowerCase()} (CSV)
                </a>
              </div>
            </section>
          </li>
        ))}
      </ul>
      <p className="dashboard-notes">
        Cells that a spreadsheet would run as a formula (starting with =, +, -, @) get a leading apostrophe, so a name typed by an
        attendee can never run as one; amounts are plain numbers.
      </p>
    </div>
  );
}
