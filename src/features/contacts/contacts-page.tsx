import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { userAtom } from '../../lib/session.ts';
import { LeadsTab } from './leads-tab.tsx';
import { useOwnBadgeId } from './own-badge.ts';
import { ScanTab } from './scan-tab.tsx';
import './contacts.css';

/** /contacts (lead scanners only; the guard sends others to /). ?currentTab=scan opens the scanner. */
export function ContactsPage() {
  const t = useT('contacts');
  const [params] = useSearchParams();
  const scanning = params.get('currentTab') === 'scan';
  const userId = useAtomValue(userAtom)?.uuid ?? null;
  // Fetched on either tab, so keys, revocations and the own badge are cached before the user walks
  // into a hall without signal.
  const { trust, loaded } = useBadgeTrust(userId);
  const ownBadgeId = useOwnBadgeId(userId);

  return (
    <>
      <PageHeader title={t('title')} />
      <nav className="contacts-tabs" aria-label={t('title')}>
        <Link to="/contacts" className="contacts-tabs__tab" aria-current={scanning ? undefined : 'page'}>
          {t('tabLeads')}
        </Link>
        <Link to="/contacts?currentTab=scan" className="contacts-tabs__tab" aria-current={scanning ? 'page' : undefined}>
          {t('tabScan')}
        </Link>
      </nav>
      {userId &&
        (scanning ? (
          <ScanTab userId={userId} trust={trust} trustLoaded={loaded} ownBadgeId={ownBadgeId} />
        ) : (
          <LeadsTab userId={userId} />
        ))}
    </>
  );
}
