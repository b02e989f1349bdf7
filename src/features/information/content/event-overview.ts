import { EVENT } from './facts.ts';
import type { Block } from './types.ts';

/** The "at a glance" block at the top of the page. */
export const EVENT_OVERVIEW: readonly Block[] = [
  {
    kind: 'paragraph',
    text: 'CloudFest is the meeting place of the cloud and hosting industry: three days of keynotes, track sessions, workshops and an expo, with evening events in the middle of Europe’s largest theme park.',
  },
  {
    kind: 'facts',
    items: [
      { term: 'Dates', text: EVENT.dates },
      { term: 'Venue', text: EVENT.venueAddressLines.join(', ') },
      {
        term: 'Opening hours',
        text: `Doors and registration desk from ${EVENT.doorsOpen}; keynotes, sessions and expo from ${EVENT.programme} on all three days`,
      },
      { term: 'Early badge pick-up', text: 'Monday 23 March 2026, 16:00 to 20:00, at the registration desk' },
      {
        term: 'Getting there',
        text: 'Ringsheim/Europa-Park station, A5 exit Rust, shuttle buses from the partner hotels; see the [FAQ](#faq)',
      },
    ],
  },
];
