/**
 * Pass types and voucher codes. Upgrades reference the types they upgrade from by key; the
 * seed resolves keys to database ids after inserting the base types.
 */
export type BasePassKey = 'standard' | 'business' | 'premium' | 'host' | 'speaker' | 'press' | 'partner';

interface PassTypeSeed {
  name: string;
  description: string;
  priceCents: number;
  isFree?: boolean;
  position: number;
}

export interface BasePassTypeSeed extends PassTypeSeed {
  key: BasePassKey;
  kind: 'paid' | 'voucher';
}

export interface UpgradeSeed extends PassTypeSeed {
  upgradeableBy: BasePassKey[];
  upgradesTo: BasePassKey;
}

const BUSINESS_CENTS = 29_900;
const PREMIUM_CENTS = 89_900;

export const BASE_PASS_TYPES: BasePassTypeSeed[] = [
  {
    key: 'standard',
    kind: 'paid',
    name: 'Standard Pass',
    description: 'Access to the expo halls, all keynotes and track sessions. Free with the code CF26.',
    priceCents: 0,
    isFree: true,
    position: 1,
  },
  {
    key: 'business',
    kind: 'paid',
    name: 'Business Pass',
    description:
      'Everything in Standard plus workshops, the business lounge, lunch on all three days and the Hackathon showcase.',
    priceCents: BUSINESS_CENTS,
    position: 2,
  },
  {
    key: 'premium',
    kind: 'paid',
    name: 'Premium Pass',
    description:
      'The VIP experience: everything in Business plus the VIP lounge, reserved keynote seats, the Speakers & VIP dinner and the closing party.',
    priceCents: PREMIUM_CENTS,
    position: 3,
  },
  {
    key: 'host',
    kind: 'voucher',
    name: 'Host Pass',
    description: 'For guests invited by a hosting partner. Requires a host code and an invited e-mail address.',
    priceCents: 0,
    position: 1,
  },
  {
    key: 'speaker',
    kind: 'voucher',
    name: 'Speaker Pass',
    description: 'For confirmed speakers, with access to the speaker lounge and the Speakers & VIP dinner.',
    priceCents: 0,
    position: 2,
  },
  {
    key: 'press',
    kind: 'voucher',
    name: 'Press Pass',
    description: 'For accredited journalists, with access to the press centre and the press conference.',
    priceCents: 0,
    position: 3,
  },
  {
    key: 'partner',
    kind: 'voucher',
    name: 'Partner Pass',
    description: 'For staff of sponsors and exhibitors, including early booth access on set-up day.',
    priceCents: 0,
    position: 4,
  },
];

/**
 * One upgrade type per (from, to) pair, priced at the difference: a single row cannot carry two
 * prices, so "Premium Upgrade" exists once for Standard holders and once for Business holders.
 */
export const UPGRADE_PASS_TYPES: UpgradeSeed[] = [
  {
    name: 'Business Upgrade',
    description: 'Upgrade your Standard Pass to a Business Pass.',
    priceCents: BUSINESS_CENTS,
    upgradeableBy: ['standard'],
    upgradesTo: 'business',
    position: 1,
  },
  {
    name: 'Premium Upgrade',
    description: 'Upgrade your Standard Pass to a Premium Pass.',
    priceCents: PREMIUM_CENTS,
    upgradeableBy: ['standard'],
    upgradesTo: 'premium',
    position: 2,
  },
  {
    name: 'Premium Upgrade',
    description: 'Upgrade your Business Pass to a Premium Pass.',
    priceCents: PREMIUM_CENTS - BUSINESS_CENTS,
    upgradeableBy: ['business'],
    upgradesTo: 'premium',
    position: 3,
  },
];

export interface VoucherSeed {
  code: string;
  passType: BasePassKey;
  codeType: 'discount' | 'host' | 'speaker' | 'press' | 'partner';
  maxUses: number | null;
  validUntil: Date | null;
}

export const FREE_STANDARD_POOL = 2000;

// Demo codes have no end date (validUntil null): organizers close a code by setting one.
export const VOUCHERS: VoucherSeed[] = [
  // The free-pass pool of docs/behaviour.md §9 is the discount code's use limit.
  { code: 'CF26', passType: 'standard', codeType: 'discount', maxUses: FREE_STANDARD_POOL, validUntil: null },
  { code: 'HOST-EUROPA-2026', passType: 'host', codeType: 'host', maxUses: 50, validUntil: null },
  { code: 'HOST-PARTNER-7731', passType: 'host', codeType: 'host', maxUses: 10, validUntil: null },
  { code: 'SPEAKER-2026', passType: 'speaker', codeType: 'speaker', maxUses: 400, validUntil: null },
  { code: 'PRESS-2026', passType: 'press', codeType: 'press', maxUses: 150, validUntil: null },
  { code: 'PARTNER-2026', passType: 'partner', codeType: 'partner', maxUses: null, validUntil: null },
];
