import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { Countdown } from '../../components/ui/countdown.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PassStatusBadge } from '../../components/ui/pass-status-badge.tsx';
import { configAtom, isLeadScannerAtom, passAtom, userAtom } from '../../lib/session.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { NewsSection } from './news-section.tsx';
import { NextStepsSection } from './next-steps-section.tsx';
import './home.css';

/** The jobs on site first (agenda, plans, the scanner for lead scanners), then the rest. */
const ON_SITE = [
  { to: '/agenda', label: 'Agenda', text: 'Talks, keynotes and your favourites' },
  { to: '/floor-plan', label: 'Floor Plan', text: 'Find halls, stages and booths' },
  { to: '/site-plan', label: 'Site Plan', text: 'Europa-Park, hotels and shuttles' },
];
const LEAD_SCANNER = { to: '/contacts?currentTab=scan', label: 'Lead Scanner', text: 'Scan badges and collect leads' };
const MORE = [
  { to: '/train-ticket', label: 'Train Ticket', text: 'Travel to CloudFest by rail' },
  { to: '/invoices', label: 'Invoices', text: 'Your invoices as PDF' },
  { to: '/information', label: 'Information', text: 'Everything else you need to know' },
];

/**
 * Dashboard: greeting, the pass at a glance and the jobs on site (quick links: agenda, plans, the
 * lead scanner), next steps, the countdown, then the news. The news loads last and sits last (below
 * the countdown on phones, under the main column on large screens), so its arrival moves nothing.
 */
export function HomePage() {
  const user = useAtomValue(userAtom);
  const pass = useAtomValue(passAtom);
  const config = useAtomValue(configAtom);
  const leadScanner = useAtomValue(isLeadScannerAtom);
  const shortcuts = [...ON_SITE, ...(leadScanner ? [LEAD_SCANNER] : []), ...MORE];
  const greeting = user?.firstName ? `Welcome, ${user.firstName}` : 'Welcome';

  return (
    <div className="home">
      <PageHeader title={greeting} documentTitle="Home" lead="Your CloudFest 2026 at Europa-Park, all in one place." />

      <div className="home__grid">
        <div className="home__main">
          {pass ? (
            <section className="card home__pass" aria-labelledby="home-pass-title">
              <h2 id="home-pass-title" className="card-title">
                Your pass
              </h2>
              <p className="home__pass-name">{pass.passType.name}</p>
              <PassStatusBadge status={pass.status} />
              <div className="card-actions">
                <Link to="/pass" className="btn btn-primary">
                  Show your pass
                </Link>
              </div>
            </section>
          ) : (
            <EmptyState
              icon="pass"
              title={MESSAGES.noPass}
              action={
                <Link to="/pass" className="btn btn-primary">
                  Get a pass
                </Link>
              }
            >
              You don't have a pass for CloudFest 2026 yet. With a pass you get your badge, hotel options and invoices here.
            </EmptyState>
          )}

          <nav className="home__shortcuts" aria-labelledby="home-shortcuts-title">
            <h2 id="home-shortcuts-title" className="home__section-title">
              Quick links
            </h2>
            <ul className="home__shortcut-list">
              {shortcuts.map((shortcut) => (
                <li key={shortcut.to}>
                  <Link to={shortcut.to} className="card home__shortcut">
                    <span className="home__shortcut-label">{shortcut.label}</span>
                    <span className="home__shortcut-text">{shortcut.text}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <NextStepsSection />
        </div>

        <aside className="home__aside" aria-label="More">
          {/* Shows itself only while a phase is active and time is left (SPEC §4). */}
          {config ? <Countdown phases={config.countdownPhases} /> : null}
        </aside>

        <NewsSection />
      </div>
    </div>
  );
}
