import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { isLeadScannerAtom, isVendorAtom, userAtom } from '../../lib/session.ts';
import { LeadsTab } from './leads-tab.tsx';
import { useOwnBadgeId } from './own-badge.ts';
import { ScanTab } from './scan-tab.tsx';
import { TeamTab } from './team-tab.tsx';
import './contacts.css';

type Tab = 'leads' | 'scan' | 'team';

/**
 * /contacts (lead scanners; the guard sends others to /). ?currentTab=scan opens the scanner,
 * ?currentTab=team the exhibitor team, which vendors who are no lead scanners yet may open too, to
 * answer an invitation.
 */
export function ContactsPage() {
  const t = useT('contacts');
  const [params] = useSearchParams();
  const isLeadScanner = useAtomValue(isLeadScannerAtom);
  const isVendor = useAtomValue(isVendorAtom);
  const asked = params.get('currentTab');
  const tab: Tab = !isLeadScanner || asked === 'team' ? 'team' : asked === 'scan' ? 'scan' : 'leads';
  const userId = useAtomValue(userAtom)?.uuid ?? null;
  // Fetched on either tab, so keys, revocations and the own badge are cached before the user walks
  // into a hall without signal.
  const { trust, loaded } = useBadgeTrust(userId);
  const ownBadgeId = useOwnBadgeId(userId);

  return (
    <>
      <PageHeader title={t('title')} />
      <nav className="contacts-tabs" aria-label={t('title')}>
        {isLeadScanner ? (
          <>
            <Link to="/contacts" className="contacts-tabs__tab" aria-current={tab === 'leads' ? 'page' : undefined}>
              {t('tabLeads')}
            </Link>
            <Link
              to="/contacts?currentTab=scan"
              className="contacts-tabs__tab"
              aria-current={tab === 'scan' ? 'page' : undefined}
            >
              {t('tabScan')}
            </Link>
          </>
        ) : null}
        <Link to="/contacts?currentTab=team" className="contacts-tabs__tab" aria-current={tab === 'team' ? 'page' : undefined}>
          {t('tabTeam')}
        </Link>
      </nav>
      {userId && tab === 'scan' ? <ScanTab userId={userId} trust={trust} trustLoaded={loaded} ownBadgeId={ownBadgeId} /> : null}
      {userId && tab === 'leads' ? <LeadsTab userId={userId} /> : null}
      {userId && tab === 'team' ? <TeamTab userId={userId} isLeadScanner={isLeadScanner} isVendor={isVendor} /> : null}
    </>
  );
}
