import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Countdown } from '../../components/ui/countdown.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PassStatusBadge } from '../../components/ui/pass-status-badge.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { configAtom, isLeadScannerAtom, passAtom, userAtom } from '../../lib/session.ts';
import { NewsSection } from './news-section.tsx';
import { NextStepsSection } from './next-steps-section.tsx';
import './home.css';

interface Shortcut {
  to: string;
  /** Home catalogue keys of the link's name and its line of explanation. */
  label: MessageKey<'home'>;
  text: MessageKey<'home'>;
}

/** The jobs on site first (agenda, plans, the scanner for lead scanners), then the rest. */
const ON_SITE: Shortcut[] = [
  { to: '/agenda', label: 'shortcutAgenda', text: 'shortcutAgendaText' },
  { to: '/floor-plan', label: 'shortcutFloorPlan', text: 'shortcutFloorPlanText' },
  { to: '/site-plan', label: 'shortcutSitePlan', text: 'shortcutSitePlanText' },
];
const LEAD_SCANNER: Shortcut = { to: '/contacts?currentTab=scan', label: 'shortcutLeadScanner', text: 'shortcutLeadScannerText' };
const MORE: Shortcut[] = [
  { to: '/train-ticket', label: 'shortcutTrainTicket', text: 'shortcutTrainTicketText' },
  { to: '/invoices', label: 'shortcutInvoices', text: 'shortcutInvoicesText' },
  { to: '/information', label: 'shortcutInformation', text: 'shortcutInformationText' },
];

/**
 * Dashboard: greeting, the pass at a glance and the jobs on site (quick links: agenda, plans, the
 * lead scanner), next steps, the countdown, then the news. The news loads last and sits last (below
 * the countdown on phones, under the main column on large screens), so its arrival moves nothing.
 */
export function HomePage() {
  const t = useT('home');
  const common = useT('common');
  const user = useAtomValue(userAtom);
  const pass = useAtomValue(passAtom);
  const config = useAtomValue(configAtom);
  const leadScanner = useAtomValue(isLeadScannerAtom);
  const shortcuts = [...ON_SITE, ...(leadScanner ? [LEAD_SCANNER] : []), ...MORE];
  const greeting = user?.firstName ? t('welcomeName', { name: user.firstName }) : t('welcome');

  return (
    <div className="home">
      <PageHeader title={greeting} documentTitle={t('documentTitle')} lead={t('lead')} />

      <div className="home__grid">
        <div className="home__main">
          {pass ? (
            <section className="card home__pass" aria-labelledby="home-pass-title">
              <h2 id="home-pass-title" className="card-title">
                {t('yourPass')}
              </h2>
              <p className="home__pass-name">{pass.passType.name}</p>
              <PassStatusBadge status={pass.status} />
              <div className="card-actions">
                <Link to="/pass" className="btn btn-primary">
                  {t('showPass')}
                </Link>
              </div>
            </section>
          ) : (
            <EmptyState
              icon="pass"
              title={common('noPass')}
              action={
                <Link to="/pass" className="btn btn-primary">
                  {t('getPass')}
                </Link>
              }
            >
              {t('noPassText')}
            </EmptyState>
          )}

          <nav className="home__shortcuts" aria-labelledby="home-shortcuts-title">
            <h2 id="home-shortcuts-title" className="home__section-title">
              {t('quickLinks')}
            </h2>
            <ul className="home__shortcut-list">
              {shortcuts.map((shortcut) => (
                <li key={shortcut.to}>
                  <Link to={shortcut.to} className="card home__shortcut">
                    <span className="home__shortcut-label">{t(shortcut.label)}</span>
                    <span className="home__shortcut-text">{t(shortcut.text)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <NextStepsSection />
        </div>

        <aside className="home__aside" aria-label={t('more')}>
          {/* Shows itself only while a phase is active and time is left (docs/behaviour.md §4). */}
          {config ? <Countdown phases={config.countdownPhases} /> : null}
        </aside>

        <NewsSection />
      </div>
    </div>
  );
}
