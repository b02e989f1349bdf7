import { type AppRoute, lazyPage } from '../../app/route-loads.tsx';

/** A console page; `nav` is its label in the console's navigation (pages without one are not listed, e.g. one attendee). */
export interface OrganizerRoute extends AppRoute {
  nav?: string;
}

/**
 * The organizer console's pages under /organizer (issue 14), in the order of its navigation. Each
 * page is its own lazy chunk; this table is all the main bundle carries of the console.
 */
export const organizerRoutes: OrganizerRoute[] = [
  // organizer pages: one entry per page, in menu order
  {
    index: true,
    nav: 'Dashboard',
    page: lazyPage(() => import('./dashboard-page.tsx'), 'DashboardPage'),
  },
  {
    path: 'approvals',
    nav: 'Approvals',
    page: lazyPage(() => import('./approvals-page.tsx'), 'ApprovalsPage'),
  },
  {
    path: 'attendees',
    nav: 'Attendees',
    page: lazyPage(() => import('./attendees-page.tsx'), 'AttendeesPage'),
  },
  { path: 'attendees/:userId', page: lazyPage(() => import('./attendee-page.tsx'), 'AttendeePage') },
  {
    path: 'audit',
    nav: 'Audit log',
    page: lazyPage(() => import('./audit-page.tsx'), 'AuditPage'),
  },
  {
    path: 'checkin-lists',
    nav: 'Check-in lists',
    page: lazyPage(() => import('./checkin-lists-page.tsx'), 'CheckinListsPage'),
  },
  {
    path: 'exports',
    nav: 'Exports',
    page: lazyPage(() => import('./exports-page.tsx'), 'ExportsPage'),
  },
  {
    path: 'content',
    nav: 'Content',
    page: lazyPage(() => import('./content-page.tsx'), 'ContentPage'),
  },
  {
    path: 'vouchers',
    nav: 'Vouchers',
    page: lazyPage(() => import('./vouchers-page.tsx'), 'VouchersPage'),
  },
  {
    path: 'badges',
    nav: 'Badges',
    page: lazyPage(() => import('./badges-page.tsx'), 'BadgesPage'),
  },
  { path: 'team', nav: 'Team', page: lazyPage(() => import('./team-page.tsx'), 'TeamPage') },
];
