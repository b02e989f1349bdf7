import type { MessageKey } from '../i18n/namespaces.ts';
import { type AppRoute, lazyPage } from './route-loads.tsx';

/**
 * A console page; `nav` is the catalogue key of its label in the console's navigation (organizer
 * namespace, translated by the layout; pages without one are not listed, e.g. one attendee).
 */
export interface OrganizerRoute extends AppRoute {
  nav?: MessageKey<'organizer'>;
}

/**
 * The organizer console's pages under /organizer, in the order of its navigation. Each
 * page is its own lazy chunk; this table is all the main bundle carries of the console.
 */
export const organizerRoutes: OrganizerRoute[] = [
  // organizer pages: one entry per page, in menu order
  {
    index: true,
    nav: 'navDashboard',
    page: lazyPage(() => import('../features/organizer/dashboard-page.tsx'), 'DashboardPage', ['organizer']),
  },
  {
    path: 'approvals',
    nav: 'navApprovals',
    page: lazyPage(() => import('../features/organizer/approvals-page.tsx'), 'ApprovalsPage', ['organizer']),
  },
  {
    path: 'attendees',
    nav: 'navAttendees',
    page: lazyPage(() => import('../features/organizer/attendees-page.tsx'), 'AttendeesPage', ['organizer']),
  },
  {
    path: 'attendees/:userId',
    page: lazyPage(() => import('../features/organizer/attendee-page.tsx'), 'AttendeePage', ['organizer']),
  },
  {
    path: 'audit',
    nav: 'navAudit',
    page: lazyPage(() => import('../features/organizer/audit-page.tsx'), 'AuditPage', ['organizer']),
  },
  {
    path: 'checkin-lists',
    nav: 'navCheckinLists',
    page: lazyPage(() => import('../features/organizer/checkin-lists-page.tsx'), 'CheckinListsPage', ['organizer', 'validation']),
  },
  {
    path: 'devices',
    nav: 'navDevices',
    page: lazyPage(() => import('../features/organizer/devices-page.tsx'), 'DevicesPage', ['organizer']),
  },
  {
    path: 'exports',
    nav: 'navExports',
    page: lazyPage(() => import('../features/organizer/exports-page.tsx'), 'ExportsPage', ['organizer']),
  },
  {
    path: 'content',
    nav: 'navContent',
    page: lazyPage(() => import('../features/organizer/content-page.tsx'), 'ContentPage', ['organizer', 'validation']),
  },
  {
    path: 'vouchers',
    nav: 'navVouchers',
    page: lazyPage(() => import('../features/organizer/vouchers-page.tsx'), 'VouchersPage', ['organizer', 'validation']),
  },
  {
    path: 'badges',
    nav: 'navBadges',
    page: lazyPage(() => import('../features/organizer/badges-page.tsx'), 'BadgesPage', ['organizer']),
  },
  {
    path: 'team',
    nav: 'navTeam',
    page: lazyPage(() => import('../features/organizer/team-page.tsx'), 'TeamPage', ['organizer', 'validation']),
  },
];
