import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import './contacts.css';

/** /contacts (lead scanners only; the guard sends others to /). ?currentTab=scan opens the scanner. */
export function ContactsPage() {
  const [params] = useSearchParams();
  const scanning = params.get('currentTab') === 'scan';

  return (
    <>
      <PageHeader title="Contacts" />
      <nav className="contacts-tabs" aria-label="Contacts">
        <Link to="/contacts" className="contacts-tabs__tab" aria-current={scanning ? undefined : 'page'}>
          Contacts
        </Link>
        <Link to="/contacts?currentTab=scan" className="contacts-tabs__tab" aria-current={scanning ? 'page' : undefined}>
          Lead Scanner
        </Link>
      </nav>
      {scanning ? (
        <EmptyState icon="scan" title="Scanning is coming soon">
          Scan attendees' badges to collect leads, also without a connection; they are synced when you are back online.
        </EmptyState>
      ) : (
        <EmptyState title="Nobody here yet">
          The people you scan, and the people who scan your badge, will be listed here.
        </EmptyState>
      )}
    </>
  );
}
