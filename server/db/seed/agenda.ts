import { EVENT_DAYS } from './event.ts';
import { companyName, FIRST_NAMES, JOB_TITLES, LAST_NAMES } from './names.ts';
import { createRng, type Rng } from './prng.ts';

export const TRACKS = [
  'Cloud Native',
  'AI & Data',
  'Security',
  'Sustainability',
  'Hosting',
  'Edge',
  'Web Performance',
  'Business',
] as const;
type Track = (typeof TRACKS)[number];

const TOPICS: Record<Track, string[]> = {
  'Cloud Native': [
    'Kubernetes',
    'GitOps',
    'Platform Engineering',
    'Serverless',
    'eBPF',
    'WebAssembly on the Server',
    'Multi-Cluster Operations',
    'OpenTelemetry',
  ],
  'AI & Data': [
    'LLM Inference',
    'GPU Clusters',
    'Vector Databases',
    'Retrieval-Augmented Generation',
    'AI Agents',
    'Data Lakehouses',
    'Model Serving',
    'Sovereign AI',
  ],
  Security: [
    'Zero Trust',
    'Supply-Chain Security',
    'DDoS Mitigation',
    'Confidential Computing',
    'Post-Quantum Cryptography',
    'NIS2 Compliance',
    'Secrets Management',
    'Bot Management',
  ],
  Sustainability: [
    'Green Data Centres',
    'Waste-Heat Reuse',
    'Carbon-Aware Scheduling',
    'Energy Efficiency Reporting',
    'Liquid Cooling',
    'Circular Hardware',
    'Renewable PPAs',
  ],
  Hosting: [
    'Managed WordPress',
    'Shared Hosting',
    'Control Panels',
    'Domain Portfolios',
    'Reseller Hosting',
    'E-mail Deliverability',
    'Bare Metal',
    'Sovereign Cloud',
  ],
  Edge: ['Edge Computing', 'CDN Architecture', 'Edge Functions', 'Mobile Edge Computing', 'IoT Fleets', 'Anycast Networking'],
  'Web Performance': [
    'Core Web Vitals',
    'HTTP/3 and QUIC',
    'Image Optimisation',
    'Caching Strategies',
    'Performance Budgets',
    'Server-Side Rendering',
  ],
  Business: [
    'Usage-Based Pricing',
    'M&A in Hosting',
    'Partner Ecosystems',
    'Customer Retention',
    'Go-to-Market for Cloud Products',
    'Hiring Engineers',
    'Open-Source Business Models',
  ],
};

const TALK_TITLES = [
  (t: string) => `${t} in Production: Lessons Learned`,
  (t: string) => `Scaling ${t} Without Breaking the Bank`,
  (t: string) => `The State of ${t} in 2026`,
  (t: string) => `${t} for Hosting Providers`,
  (t: string) => `Beyond the Hype: ${t}`,
  (t: string) => `From Zero to ${t} in 90 Days`,
  (t: string) => `What We Got Wrong About ${t}`,
  (t: string) => `${t} at Scale: A Case Study`,
  (t: string) => `${t} Meets Sovereignty: A European Perspective`,
  (t: string) => `Five Myths About ${t}`,
  (t: string) => `${t}: What Your Customers Will Ask For Next`,
];
const LIGHTNING_TITLES = [
  (t: string) => `Lightning Talk: ${t} in Ten Minutes`,
  (t: string) => `Lightning Talk: One Trick for ${t}`,
];
const PANEL_TITLES = [(t: string) => `Panel: The Future of ${t}`, (t: string) => `Panel: ${t} – Who Pays the Bill?`];
const WORKSHOP_TITLES = [(t: string) => `Hands-on Workshop: ${t}`, (t: string) => `Workshop: Building ${t} Step by Step`];

const OPENERS = [
  (t: string) => `${t} has moved from conference slides into everyday operations.`,
  (t: string) => `Every provider we talk to has a plan for ${t}; few have one that survives contact with real customers.`,
  (t: string) => `${t} promises lower costs and happier customers, but the trade-offs are rarely discussed openly.`,
  (t: string) => `Two years ago ${t} was an experiment for us; today it carries a large share of our traffic.`,
];
const MIDDLES = [
  'This session walks through the architecture, the numbers and the mistakes we made on the way.',
  'We share benchmarks, cost figures and the operational playbooks that made the difference.',
  'Expect concrete examples, a live demo and an honest look at what did not work.',
  'We compare three approaches side by side and show where each one breaks.',
];
const CLOSERS = [
  'Aimed at engineers and architects who run infrastructure for others.',
  'Useful for decision makers planning their 2027 roadmap.',
  'No slides full of buzzwords: you leave with a checklist you can use on Monday.',
  'Bring your questions: the last ten minutes are open Q&A.',
];

interface RoomSeed {
  name: string;
  /** Track most sessions in this room belong to; null mixes all tracks. */
  track: Track | null;
  kind: 'keynote' | 'talk' | 'workshop';
}

export const AGENDA_ROOMS: RoomSeed[] = [
  { name: 'Dome', track: null, kind: 'keynote' },
  { name: 'Colosseo', track: 'Cloud Native', kind: 'talk' },
  { name: 'Arena', track: 'AI & Data', kind: 'talk' },
  { name: 'Europa Hall', track: 'Hosting', kind: 'talk' },
  { name: 'Teatro', track: 'Security', kind: 'talk' },
  { name: 'Globe Stage', track: 'Sustainability', kind: 'talk' },
  { name: 'Silver Star Stage', track: 'Edge', kind: 'talk' },
  { name: 'Workshop 1', track: null, kind: 'workshop' },
  { name: 'Workshop 2', track: null, kind: 'workshop' },
];

/** The programme runs 09:00-12:30 and 13:30-18:30 Berlin time, with lunch in between. */
const BLOCKS: [number, number][] = [
  [9 * 60, 12 * 60 + 30],
  [13 * 60 + 30, 18 * 60 + 30],
];
const DURATIONS: Record<RoomSeed['kind'], number[]> = {
  keynote: [20, 30, 30, 45],
  talk: [10, 20, 25, 30, 30, 40],
  workshop: [60, 90],
};
const GAPS: Record<RoomSeed['kind'], number[]> = { keynote: [5, 10], talk: [0, 5, 10], workshop: [15, 30] };

/** Berlin wall-clock time on an event day. Late March before the DST switch (29 March) is UTC+1. */
function berlinTime(day: string, minutes: number): Date {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return new Date(`${day}T${hh}:${mm}:00+01:00`);
}

export interface Speaker {
  name: string;
  company: string;
  title: string;
}

export interface AgendaSessionRow {
  title: string;
  abstract: string;
  startsAt: Date;
  endsAt: Date;
  room: string;
  track: string;
  speakers: Speaker[];
}

function speakers(rng: Rng, count: number): Speaker[] {
  return Array.from({ length: count }, () => ({
    name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    company: companyName(rng),
    title: rng.pick(JOB_TITLES),
  }));
}

function abstractFor(rng: Rng, topic: string): string {
  return [rng.pick(OPENERS)(topic), rng.pick(MIDDLES), rng.pick(CLOSERS)].join(' ');
}

/** The Dome opens each day with a 45-minute keynote. */
const DAY_KEYNOTES = [
  {
    title: 'Opening Keynote: Building the Sovereign Cloud Continent',
    abstract:
      'Europe’s hosting industry has never had more customers asking where their data lives. The opening keynote looks at what sovereignty means in practice: ownership, jurisdiction, energy and talent, and what the industry must build together in the next five years.',
    speaker: { name: 'Katharina Vogel', company: 'CloudFest', title: 'Managing Director' },
  },
  {
    title: 'Keynote: The Internet Runs on Hosting',
    abstract:
      'Half of the web still runs on infrastructure operated by small and mid-sized providers. A look at the numbers behind that claim, the pressure from hyperscalers and AI workloads, and why specialists keep winning where service matters.',
    speaker: { name: 'Marco Bellini', company: 'Rheinwerk Hosting AG', title: 'CEO' },
  },
  {
    title: 'Keynote: Ten Predictions for the Next Decade of Cloud',
    abstract:
      'From energy-limited data centres to AI agents as customers, ten predictions with the evidence behind each, and a scorecard of the predictions made on this stage five years ago.',
    speaker: { name: 'Dr. Ines Carvalho', company: 'Polaris Analytics S.A.', title: 'Chief Analyst' },
  },
];

/** Every session of the three days, without overlaps inside a room. */
export function agendaSessions(): AgendaSessionRow[] {
  const rng = createRng(2026_03_24);
  const usedTitles = new Set<string>();
  const rows: AgendaSessionRow[] = [];

  /** A title from the patterns on a topic of the track, retried a few times to avoid repeats. */
  const titled = (patterns: ((topic: string) => string)[], track: Track): { title: string; topic: string } => {
    let topic = rng.pick(TOPICS[track]);
    let title = rng.pick(patterns)(topic);
    for (let attempt = 0; usedTitles.has(title) && attempt < 20; attempt++) {
      topic = rng.pick(TOPICS[track]);
      title = rng.pick(patterns)(topic);
    }
    const base = title;
    for (let part = 2; usedTitles.has(title); part++) title = `${base} (Part ${part})`;
    usedTitles.add(title);
    return { title, topic };
  };

  EVENT_DAYS.forEach((day, dayIndex) => {
    for (const room of AGENDA_ROOMS) {
      for (const [blockStart, blockEnd] of BLOCKS) {
        let cursor = blockStart;
        for (;;) {
          const keynote = room.kind === 'keynote' && cursor === BLOCKS[0]?.[0] ? DAY_KEYNOTES[dayIndex] : undefined;
          const duration = keynote ? 45 : rng.pick(DURATIONS[room.kind]);
          if (cursor + duration > blockEnd) break;
          const track = keynote ? 'Business' : room.track && rng.chance(0.7) ? room.track : rng.pick(TRACKS);
          const isPanel = room.kind === 'talk' && duration >= 40 && rng.chance(0.5);
          const patterns =
            room.kind === 'workshop' ? WORKSHOP_TITLES : isPanel ? PANEL_TITLES : duration <= 10 ? LIGHTNING_TITLES : TALK_TITLES;
          const { title, topic } = keynote ? { title: keynote.title, topic: '' } : titled(patterns, track);
          rows.push({
            title,
            abstract: keynote ? keynote.abstract : abstractFor(rng, topic),
            startsAt: berlinTime(day, cursor),
            endsAt: berlinTime(day, cursor + duration),
            room: room.name,
            track,
            speakers: keynote ? [keynote.speaker] : speakers(rng, isPanel ? 3 : rng.chance(0.2) ? 2 : 1),
          });
          cursor += duration + rng.pick(GAPS[room.kind]);
        }
      }
    }
  });
  return rows;
}
