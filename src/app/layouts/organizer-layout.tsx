import { NavLink, Outlet } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import { organizerRoutes } from '../organizer-routes.ts';
import '../../features/organizer/organizer.css';

const sections = organizerRoutes.flatMap((route) => {
  const label = route.nav;
  if (!label) return [];
  return [{ to: route.index ? '/organizer' : `/organizer/${route.path}`, label, end: Boolean(route.index) }];
});

/** /organizer: the console's own navigation above each of its pages (organizers only; the guard sends others to /). */
export function OrganizerLayout() {
  const t = useT('organizer');
  return (
    <div className="organizer">
      <nav className="organizer__nav" aria-label={t('consoleNavigation')}>
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end}>
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
