import { type AppRoute, lazyPage } from '../../app/route-loads.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';

/**
 * A console page; `nav` is the catalogue key of its label in the console's navigation (organizer
 * namespace, translated by the layout; pages without one are not listed, e.g. one attendee).
 */
export interface OrganizerRoute extends AppRoute {
  nav?: MessageKey<'organizer'>;
}

/**
 * The organizer console's pages under /organizer (issue 14), in the order of its navigation. Each
 * page is its own lazy chunk; this table is all the main bundle carries of the console.
 */
export const organizerRoutes: OrganizerRoute[] = [
  // organizer pages: one entry per page, in menu order
  {
    index: true,
    nav: 'navDashboard',
    page: lazyPage(() => import('./dashboard-page.tsx'), 'DashboardPage', ['organizer']),
  },
  {
    path: 'approvals',
    nav: 'navApprovals',
    page: lazyPage(() => import('./approvals-page.tsx'), 'ApprovalsPage', ['organizer']),
  },
  {
    path: 'attendees',
    nav: 'navAttendees',
    page: lazyPage(() => import('./attendees-page.tsx'), 'AttendeesPage', ['organizer']),
  },
  { path: 'attendees/:userId', page: lazyPage(() => import('./attendee-page.tsx'), 'AttendeePage', ['organizer']) },
  {
    path: 'audit',
    nav: 'navAudit',
    page: lazyPage(() => import('./audit-page.tsx'), 'AuditPage', ['organizer']),
  },
  {
    path: 'checkin-lists',
    nav: 'navCheckinLists',
    page: lazyPage(() => import('./checkin-lists-page.tsx'), 'CheckinListsPage', ['organizer', 'validation']),
  },
  {
    path: 'devices',
    nav: 'navDevices',
    page: lazyPage(() => import('./devices-page.tsx'), 'DevicesPage', ['organizer']),
  },
  {
    path: 'exports',
    nav: 'navExports',
    page: lazyPage(() => import('./exports-page.tsx'), 'ExportsPage', ['organizer']),
  },
  {
    path: 'content',
    nav: 'navContent',
    page: lazyPage(() => import('./content-page.tsx'), 'ContentPage', ['organizer', 'validation']),
  },
  {
    path: 'vouchers',
    nav: 'navVouchers',
    page: lazyPage(() => import('./vouchers-page.tsx'), 'VouchersPage', ['organizer', 'validation']),
  },
  {
    path: 'badges',
    nav: 'navBadges',
    page: lazyPage(() => import('./badges-page.tsx'), 'BadgesPage', ['organizer']),
  },
  { path: 'team', nav: 'navTeam', page: lazyPage(() => import('./team-page.tsx'), 'TeamPage', ['organizer', 'validation']) },
];
