import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PassStatusBadge } from '../../components/ui/pass-status-badge.tsx';
import { passAtom, userAtom } from '../../lib/session.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { NewsSection } from './news-section.tsx';
import './home.css';

const SHORTCUTS = [
  { to: '/agenda', label: 'Agenda', text: 'Talks, keynotes and your favourites' },
  { to: '/floor-plan', label: 'Floor Plan', text: 'Find halls, stages and booths' },
  { to: '/site-plan', label: 'Site Plan', text: 'Europa-Park, hotels and shuttles' },
  { to: '/train-ticket', label: 'Train Ticket', text: 'Travel to CloudFest by rail' },
  { to: '/information', label: 'Information', text: 'Everything else you need to know' },
];

/** Dashboard: greeting, the pass at a glance, shortcuts to the other areas and the news. */
export function HomePage() {
  const user = useAtomValue(userAtom);
  const pass = useAtomValue(passAtom);
  const greeting = user?.firstName ? `Welcome, ${user.firstName}` : 'Welcome';

  return (
    <div className="home">
      <PageHeader title={greeting} documentTitle="Home" lead="Your CloudFest 2026 at Europa-Park, all in one place." />

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

      <nav className="home__shortcuts" aria-label="Shortcuts">
        <ul className="home__shortcut-list">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to} className="card home__shortcut">
                <span className="home__shortcut-label">{shortcut.label}</span>
                <span className="home__shortcut-text">{shortcut.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <NewsSection />
    </div>
  );
}
