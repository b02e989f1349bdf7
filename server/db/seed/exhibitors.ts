import { COMPANY_KINDS, COMPANY_STEMS, LEGAL_FORMS, slugify } from './names.ts';
import { createRng, type Rng } from './prng.ts';

export interface ExhibitorRow {
  name: string;
  description: string;
  category: string;
  hall: string;
  booth: string;
  website: string;
}

const CATEGORY_BY_KIND: Record<(typeof COMPANY_KINDS)[number], string> = {
  Hosting: 'Hosting',
  Cloud: 'Cloud Infrastructure',
  Networks: 'Networking',
  'Data Centers': 'Data Centres',
  Systems: 'Hardware & Servers',
  Software: 'Software & Control Panels',
  Security: 'Security',
  Labs: 'AI & GPU',
  Digital: 'Consulting',
  Domains: 'Domains & DNS',
  Storage: 'Storage & Backup',
  Analytics: 'AI & GPU',
  Connect: 'Networking',
  Compute: 'Cloud Infrastructure',
  'Web Services': 'Hosting',
  IT: 'Consulting',
};

const PITCHES: Record<string, string[]> = {
  Hosting: [
    'managed hosting for agencies and e-commerce',
    'WordPress and WooCommerce hosting with staging built in',
    'white-label hosting for resellers',
  ],
  'Cloud Infrastructure': [
    'a European public cloud with per-second billing',
    'managed Kubernetes in four German regions',
    'S3-compatible object storage and GPU instances',
  ],
  Networking: [
    'IP transit and peering across 40 European exchanges',
    'anycast DNS and DDoS-protected connectivity',
    'dark fibre and wavelength services in the Upper Rhine region',
  ],
  'Data Centres': [
    'colocation in Tier III facilities powered by renewable energy',
    'edge data centres with waste-heat reuse',
    'modular data centres delivered in twelve weeks',
  ],
  'Hardware & Servers': [
    'energy-efficient servers for hosting providers',
    'refurbished enterprise hardware with a five-year warranty',
    'liquid-cooled GPU servers',
  ],
  'Software & Control Panels': [
    'a control panel that automates provisioning and billing',
    'an open-source hosting automation platform',
    'migration tooling for moving thousands of sites overnight',
  ],
  Security: [
    'web application firewall and bot protection for hosters',
    'malware scanning and clean-up for shared hosting',
    'certificate lifecycle management at scale',
  ],
  'AI & GPU': [
    'GPU capacity on demand for model training and inference',
    'a platform to run open-weight language models on your own hardware',
    'AI assistants for hosting support desks',
  ],
  Consulting: [
    'cloud migration and FinOps consulting',
    'NIS2 and ISO 27001 readiness for providers',
    'go-to-market services for cloud start-ups',
  ],
  'Domains & DNS': [
    'a domain registrar platform with 900 extensions',
    'premium domain brokerage and portfolio management',
    'secondary DNS with DNSSEC signing',
  ],
  'Storage & Backup': [
    'immutable backups for servers and Microsoft 365',
    'ransomware-proof backup appliances',
    'tiered cold storage at archive prices',
  ],
};

const CLOSERS = [
  'Visit our booth for live demos and a coffee.',
  'Meet our engineers and founders at the booth.',
  'Ask us about our CloudFest partner conditions.',
  'Join our booth talk every day at 14:00.',
];

/** Anchor exhibitors the demo vendors work for; the rest is generated. */
export const ANCHOR_EXHIBITORS: ExhibitorRow[] = [
  {
    name: 'Nordlicht Hosting GmbH',
    description:
      'Nordlicht Hosting offers managed hosting for agencies and e-commerce from data centres in Frankfurt and Nuremberg. Scan your badge at our booth for the hackathon raffle.',
    category: 'Hosting',
    hall: 'Hall A',
    booth: 'A01',
    website: 'https://www.nordlicht-hosting.example',
  },
  {
    name: 'Rheinwerk Cloud AG',
    description:
      'Rheinwerk Cloud runs a sovereign European cloud with managed Kubernetes and GPU instances. Platinum sponsor of CloudFest 2026.',
    category: 'Cloud Infrastructure',
    hall: 'Dome',
    booth: 'DM01',
    website: 'https://www.rheinwerk-cloud.example',
  },
];

/** Hall name, booth prefix and how many generated exhibitors it holds. */
const HALLS: [string, string, number][] = [
  ['Dome', 'DM', 11],
  ['Hall A', 'A', 38],
  ['Hall B', 'B', 36],
  ['Hall C', 'C', 34],
  ['Hall D', 'D', 32],
];

function description(rng: Rng, name: string, category: string): string {
  const brand = name.split(' ').slice(0, 2).join(' ');
  return `${brand} provides ${rng.pick(PITCHES[category] ?? ['cloud services'])}. ${rng.pick(CLOSERS)}`;
}

/** 150+ exhibitors with unique names and booths across the Dome and halls A to D. */
export function exhibitorRows(): ExhibitorRow[] {
  const rng = createRng(77977);
  const rows = [...ANCHOR_EXHIBITORS];
  const usedNames = new Set(rows.map((r) => r.name.split(' ').slice(0, 2).join(' ')));
  const usedBooths = new Set(rows.map((r) => r.booth));

  for (const [hall, prefix, count] of HALLS) {
    let number = 0;
    for (let i = 0; i < count; i++) {
      let stem: string;
      let kind: (typeof COMPANY_KINDS)[number];
      do {
        stem = rng.pick(COMPANY_STEMS);
        kind = rng.pick(COMPANY_KINDS);
      } while (usedNames.has(`${stem} ${kind}`));
      usedNames.add(`${stem} ${kind}`);
      // Booth numbers leave occasional gaps, as real floor plans do.
      do number += rng.chance(0.2) ? 2 : 1;
      while (usedBooths.has(`${prefix}${String(number).padStart(2, '0')}`));
      const booth = `${prefix}${String(number).padStart(2, '0')}`;
      usedBooths.add(booth);
      const name = [stem, kind, rng.pick(LEGAL_FORMS)].filter(Boolean).join(' ');
      const category = CATEGORY_BY_KIND[kind];
      rows.push({
        name,
        description: description(rng, name, category),
        category,
        hall,
        booth,
        website: `https://www.${slugify(`${stem} ${kind}`)}.example`,
      });
    }
  }
  return rows;
}
