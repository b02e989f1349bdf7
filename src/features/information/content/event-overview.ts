import type { Block } from './types.ts';

/** The "at a glance" block at the top of the page. */
export const EVENT_OVERVIEW: readonly Block[] = [
  { kind: 'paragraph', text: 'overviewIntro' },
  {
    kind: 'facts',
    items: [
      { term: 'overviewDatesTerm', text: 'overviewDates' },
      { term: 'overviewVenueTerm', text: 'overviewVenue' },
      { term: 'overviewHoursTerm', text: 'overviewHours' },
      { term: 'overviewBadgePickUpTerm', text: 'overviewBadgePickUp' },
      { term: 'overviewGettingThereTerm', text: 'overviewGettingThere' },
    ],
  },
];
