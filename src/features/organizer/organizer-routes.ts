import type { RouteObject } from 'react-router-dom';

/** What the console's navigation shows of a page: its label (pages without one are not listed, e.g. one attendee). */
export interface OrganizerNavHandle {
  nav: string;
}

/**
 * The organizer console's pages under /organizer (issue 14), in the order of its navigation. Each
 * page is its own lazy chunk; this table is all the main bundle carries of the console.
 */
export const organizerRoutes: RouteObject[] = [
  // organizer pages: one entry per page, in menu order
  {
    index: true,
    handle: { nav: 'Dashboard' },
    lazy: () => import('./dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'approvals',
    handle: { nav: 'Approvals' },
    lazy: () => import('./approvals-page.tsx').then((m) => ({ Component: m.ApprovalsPage })),
  },
  {
    path: 'attendees',
    handle: { nav: 'Attendees' },
    lazy: () => import('./attendees-page.tsx').then((m) => ({ Component: m.AttendeesPage })),
  },
  { path: 'attendees/:userId', lazy: () => import('./attendee-page.tsx').then((m) => ({ Component: m.AttendeePage })) },
  {
    path: 'audit',
    handle: { nav: 'Audit log' },
    lazy: () => import('./audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
  },
  {
    path: 'checkin-lists',
    handle: { nav: 'Check-in lists' },
    lazy: () => import('./checkin-lists-page.tsx').then((m) => ({ Component: m.CheckinListsPage })),
  },
  {
    path: 'exports',
    handle: { nav: 'Exports' },
    lazy: () => import('./exports-page.tsx').then((m) => ({ Component: m.ExportsPage })),
  },
  {
    path: 'content',
    handle: { nav: 'Content' },
    lazy: () => import('./content-page.tsx').then((m) => ({ Component: m.ContentPage })),
  },
  {
    path: 'vouchers',
    handle: { nav: 'Vouchers' },
    lazy: () => import('./vouchers-page.tsx').then((m) => ({ Component: m.VouchersPage })),
  },
  {
    path: 'badges',
    handle: { nav: 'Badges' },
    lazy: () => import('./badges-page.tsx').then((m) => ({ Component: m.BadgesPage })),
  },
  { path: 'team', handle: { nav: 'Team' }, lazy: () => import('./team-page.tsx').then((m) => ({ Component: m.TeamPage })) },
];
