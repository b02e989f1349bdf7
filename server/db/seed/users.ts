import { type DemoRole, demoEmail, GENERIC_ATTENDEE_COUNT, genericAttendeeEmail } from './demo-accounts.ts';
import { companyName, personName } from './names.ts';
import type { BasePassKey } from './passes.ts';
import { createRng, type Rng } from './prng.ts';
import { answersFor } from './survey.ts';
import { DEFAULT_STAY } from './venue.ts';

export interface AddressSeed {
  company: string;
  addressLine1: string;
  addressLine2: string;
  zip: string;
  city: string;
  state: string;
  countryCode: string;
}

export interface UserSeed {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  scopes: string[];
  tagIds: number[];
  permissionPaths: string[];
  createdAt: Date;
  pass: { type: BasePassKey; status: 'approved' | 'pending'; voucherCode: string | null } | null;
  address: Omit<AddressSeed, 'company'> | null;
  /** Answers in question order, all entered on one day (YYYY-MM-DD). */
  survey: { createdAt: string; values: (string | string[])[] } | null;
  booking: { hotel: string; room: string; start: string; end: string; guests: { firstName: string; lastName: string }[] } | null;
  /** Index into TRAIN_TICKET_TYPES. */
  trainTicket: { typeIndex: number; code: string } | null;
}

const VENDOR_TAG = 2;
const LEAD_SCANNER_PATH = '/contacts';

/** A named demo user; unset role fields default to empty lists, null booking and ticket. */
interface NamedSeed {
  firstName: string;
  lastName: string;
  company: string;
  registeredOn: string;
  /** The day the survey was answered; null for no answers. */
  surveyDate: string | null;
  pass: UserSeed['pass'];
  address: UserSeed['address'];
  scopes?: string[];
  tagIds?: number[];
  permissionPaths?: string[];
  booking?: UserSeed['booking'];
  trainTicket?: UserSeed['trainTicket'];
}

const NAMED: Record<DemoRole, NamedSeed> = {
  attendee: {
    firstName: 'Lena',
    lastName: 'Hoffmann',
    company: 'Pixelhaus Digital GmbH',
    registeredOn: '2026-02-10',
    pass: { type: 'standard', status: 'approved', voucherCode: 'CF26' },
    address: {
      addressLine1: 'Friedrichstraße 123',
      addressLine2: '3. OG',
      zip: '10117',
      city: 'Berlin',
      state: 'Berlin',
      countryCode: 'DE',
    },
    // 2026-02-10 is after surveyStartDate, so the survey redirect does not fire.
    surveyDate: '2026-02-10',
    booking: { hotel: 'Hotel Colosseo', room: 'Comfort Single', ...DEFAULT_STAY, guests: [] },
  },
  pending: {
    firstName: 'Jonas',
    lastName: 'Becker',
    company: 'Datenhafen Storage AG',
    registeredOn: '2026-03-15',
    pass: { type: 'business', status: 'pending', voucherCode: null },
    // Left without address and answers so the registration steps can be shown incomplete.
    address: null,
    surveyDate: null,
  },
  vendor: {
    firstName: 'Tobias',
    lastName: 'Krüger',
    company: 'Nordlicht Hosting GmbH',
    registeredOn: '2026-01-20',
    tagIds: [VENDOR_TAG],
    permissionPaths: [LEAD_SCANNER_PATH],
    pass: { type: 'partner', status: 'approved', voucherCode: 'PARTNER-2026' },
    address: {
      addressLine1: 'Hafenstraße 12',
      addressLine2: '',
      zip: '90429',
      city: 'Nürnberg',
      state: 'Bayern',
      countryCode: 'DE',
    },
    surveyDate: '2026-01-21',
  },
  'vendor-nopass': {
    firstName: 'Mia',
    lastName: 'Schneider',
    company: 'Nordlicht Hosting GmbH',
    registeredOn: '2026-02-02',
    tagIds: [VENDOR_TAG],
    pass: null,
    address: {
      addressLine1: 'Hafenstraße 12',
      addressLine2: '',
      zip: '90429',
      city: 'Nürnberg',
      state: 'Bayern',
      countryCode: 'DE',
    },
    surveyDate: '2026-02-02',
  },
  host: {
    firstName: 'Giulia',
    lastName: 'Ferrari',
    company: 'Alpenblick Hosting S.r.l.',
    registeredOn: '2026-02-05',
    scopes: ['host'],
    pass: { type: 'host', status: 'approved', voucherCode: 'HOST-EUROPA-2026' },
    address: { addressLine1: 'Via Torino 61', addressLine2: '', zip: '20123', city: 'Milano', state: 'MI', countryCode: 'IT' },
    surveyDate: '2026-02-05',
  },
  vip: {
    firstName: 'James',
    lastName: 'Taylor',
    company: 'Granite Cloud Ltd',
    registeredOn: '2026-01-28',
    scopes: ['vip'],
    pass: { type: 'premium', status: 'approved', voucherCode: null },
    address: { addressLine1: '30 St Mary Axe', addressLine2: '', zip: 'EC3A 8BF', city: 'London', state: '', countryCode: 'GB' },
    surveyDate: '2026-01-28',
    booking: {
      hotel: 'Hotel Santa Isabel',
      room: 'Monastery Suite',
      start: '2026-03-24',
      end: '2026-03-27',
      guests: [{ firstName: 'Olivia', lastName: 'Taylor' }],
    },
    trainTicket: { typeIndex: 1, code: 'DB-EVT-26-4QX7KM' },
  },
  'vendor-vip': {
    firstName: 'Katrin',
    lastName: 'Wolf',
    company: 'Rheinwerk Cloud AG',
    registeredOn: '2026-01-16',
    scopes: ['vendor-vip'],
    tagIds: [VENDOR_TAG],
    pass: { type: 'premium', status: 'approved', voucherCode: null },
    address: {
      addressLine1: 'Rheinuferstraße 7',
      addressLine2: '',
      zip: '68159',
      city: 'Mannheim',
      state: 'Baden-Württemberg',
      countryCode: 'DE',
    },
    surveyDate: '2026-01-16',
  },
  staff: {
    firstName: 'Daniel',
    lastName: 'Weber',
    company: 'CloudFest',
    registeredOn: '2026-01-15',
    scopes: ['staff'],
    pass: { type: 'partner', status: 'approved', voucherCode: 'PARTNER-2026' },
    address: {
      addressLine1: 'Europa-Park-Straße 2',
      addressLine2: '',
      zip: '77977',
      city: 'Rust',
      state: 'Baden-Württemberg',
      countryCode: 'DE',
    },
    surveyDate: '2026-01-15',
  },
  organizer: {
    firstName: 'Katharina',
    lastName: 'Vogel',
    company: 'CloudFest',
    registeredOn: '2026-01-15',
    scopes: ['organizer'],
    pass: { type: 'premium', status: 'approved', voucherCode: null },
    address: {
      addressLine1: 'Europa-Park-Straße 2',
      addressLine2: '',
      zip: '77977',
      city: 'Rust',
      state: 'Baden-Württemberg',
      countryCode: 'DE',
    },
    surveyDate: '2026-01-15',
  },
};

/** Sample addresses for generated attendees, so billing, VAT and visa cases have variety. */
const ADDRESSES: Omit<AddressSeed, 'company' | 'addressLine2'>[] = [
  { addressLine1: 'Leopoldstraße 24', zip: '80802', city: 'München', state: 'Bayern', countryCode: 'DE' },
  { addressLine1: 'Königsallee 60', zip: '40212', city: 'Düsseldorf', state: 'Nordrhein-Westfalen', countryCode: 'DE' },
  { addressLine1: 'Mariahilfer Straße 77', zip: '1060', city: 'Wien', state: '', countryCode: 'AT' },
  { addressLine1: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', state: 'ZH', countryCode: 'CH' },
  { addressLine1: 'Keizersgracht 126', zip: '1015 CW', city: 'Amsterdam', state: '', countryCode: 'NL' },
  { addressLine1: '18 Rue de Rivoli', zip: '75004', city: 'Paris', state: '', countryCode: 'FR' },
  { addressLine1: 'Calle de Alcalá 45', zip: '28014', city: 'Madrid', state: '', countryCode: 'ES' },
  { addressLine1: 'ul. Marszałkowska 84', zip: '00-514', city: 'Warszawa', state: '', countryCode: 'PL' },
  { addressLine1: 'Drottninggatan 55', zip: '111 21', city: 'Stockholm', state: '', countryCode: 'SE' },
  { addressLine1: '1 Grand Canal Square', zip: 'D02 P820', city: 'Dublin', state: '', countryCode: 'IE' },
  { addressLine1: '500 Howard Street', zip: '94105', city: 'San Francisco', state: 'CA', countryCode: 'US' },
  { addressLine1: 'Istiklal Caddesi 120', zip: '34430', city: 'İstanbul', state: '', countryCode: 'TR' },
  { addressLine1: 'MG Road 42', zip: '560001', city: 'Bengaluru', state: 'Karnataka', countryCode: 'IN' },
];

/** Pass mix of the generated attendees; mostly the free Standard Pass, as at the real event. */
const PASS_MIX: { weight: number; type: BasePassKey; voucherCode: string | null }[] = [
  { weight: 55, type: 'standard', voucherCode: 'CF26' },
  { weight: 20, type: 'business', voucherCode: null },
  { weight: 10, type: 'premium', voucherCode: null },
  { weight: 10, type: 'speaker', voucherCode: 'SPEAKER-2026' },
  { weight: 5, type: 'press', voucherCode: 'PRESS-2026' },
];

function pickWeighted<T extends { weight: number }>(rng: Rng, items: T[]): T {
  let roll = rng.next() * items.reduce((sum, i) => sum + i.weight, 0);
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1] as T;
}

function dayIn2026(rng: Rng, from: string, to: string): string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / 86_400_000);
  return new Date(start + rng.int(0, days) * 86_400_000).toISOString().slice(0, 10);
}

/** Registration at a plausible office hour of the given day. */
const registeredAt = (rng: Rng, day: string): Date =>
  new Date(`${day}T${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00+01:00`);

function namedUsers(rng: Rng): UserSeed[] {
  return (Object.entries(NAMED) as [DemoRole, NamedSeed][]).map(([role, seed]) => {
    const { surveyDate, registeredOn, ...rest } = seed;
    return {
      scopes: [],
      tagIds: [],
      permissionPaths: [],
      booking: null,
      trainTicket: null,
      ...rest,
      email: demoEmail(role),
      createdAt: registeredAt(rng, registeredOn),
      survey: surveyDate ? { createdAt: surveyDate, values: answersFor(rng) } : null,
    };
  });
}

/** attendee001 ... attendeeNNN: approved passes; every fourth has no survey answers yet. */
function genericAttendees(rng: Rng, count: number): UserSeed[] {
  const usedNames = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    let name = personName(rng);
    while (usedNames.has(`${name.firstName} ${name.lastName}`)) name = personName(rng);
    usedNames.add(`${name.firstName} ${name.lastName}`);
    const registeredOn = dayIn2026(rng, '2026-01-15', '2026-03-20');
    const pass = pickWeighted(rng, PASS_MIX);
    return {
      email: genericAttendeeEmail(n),
      ...name,
      company: companyName(rng),
      scopes: [],
      tagIds: [],
      permissionPaths: [],
      createdAt: registeredAt(rng, registeredOn),
      pass: { type: pass.type, status: 'approved', voucherCode: pass.voucherCode },
      address: { ...rng.pick(ADDRESSES), addressLine2: '' },
      survey: n % 4 === 0 ? null : { createdAt: registeredOn, values: answersFor(rng) },
      booking: null,
      trainTicket: null,
    };
  });
}

export function userSeeds(genericCount = GENERIC_ATTENDEE_COUNT): UserSeed[] {
  const rng = createRng(4242);
  return [...namedUsers(rng), ...genericAttendees(rng, genericCount)];
}
