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
    page: lazyPage(() => import('./dashboard-page.tsx'), 'DashboardPage'),
  },
  {
    path: 'approvals',
    nav: 'navApprovals',
    page: lazyPage(() => import('./approvals-page.tsx'), 'ApprovalsPage'),
  },
  {
    path: 'attendees',
    nav: 'navAttendees',
    page: lazyPage(() => import('./attendees-page.tsx'), 'AttendeesPage'),
  },
  { path: 'attendees/:userId', page: lazyPage(() => import('./attendee-page.tsx'), 'AttendeePage') },
  {
    path: 'audit',
    nav: 'navAudit',
    page: lazyPage(() => import('./audit-page.tsx'), 'AuditPage'),
  },
  {
    path: 'checkin-lists',
    nav: 'navCheckinLists',
    page: lazyPage(() => import('./checkin-lists-page.tsx'), 'CheckinListsPage'),
  },
  {
    path: 'exports',
    nav: 'navExports',
    page: lazyPage(() => import('./exports-page.tsx'), 'ExportsPage'),
  },
  {
    path: 'content',
    nav: 'navContent',
    page: lazyPage(() => import('./content-page.tsx'), 'ContentPage'),
  },
  {
    path: 'vouchers',
    nav: 'navVouchers',
    page: lazyPage(() => import('./vouchers-page.tsx'), 'VouchersPage'),
  },
  {
    path: 'badges',
    nav: 'navBadges',
    page: lazyPage(() => import('./badges-page.tsx'), 'BadgesPage'),
  },
  { path: 'team', nav: 'navTeam', page: lazyPage(() => import('./team-page.tsx'), 'TeamPage') },
];
