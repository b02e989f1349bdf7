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
    path: 'content',
    handle: { nav: 'Content' },
    lazy: () => import('./content-page.tsx').then((m) => ({ Component: m.ContentPage })),
  },
];
