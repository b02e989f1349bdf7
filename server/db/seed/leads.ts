import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { leads, passBarcodes, passes, users } from '../schema/index.ts';
import { demoEmail, genericAttendeeEmail } from './demo-accounts.ts';

/** A lead made by a demo lead scanner, so the contacts lists are not empty on a fresh start. */
export interface LeadSeed {
  scanner: string;
  scanned: string;
  /** Device time of the first scan (during the event, 24–26 March 2026). */
  createdAt: string;
  /** Device time of the last edit (the first scan when never edited). */
  changedAt: string;
  scanCount: number;
  notes: string;
  rating: number;
  tags: string[];
  answers: Record<string, string>;
}

const vendor = demoEmail('vendor');

/**
 * vendor@ (lead scanner) scanned these people at the booth. attendee@ is among them, so the
 * attendee's passive list ("who scanned me") shows the vendor.
 */
export const DEMO_LEADS: LeadSeed[] = [
  {
    scanner: vendor,
    scanned: demoEmail('attendee'),
    createdAt: '2026-03-24T09:42:00.000Z',
    changedAt: '2026-03-24T09:47:00.000Z',
    scanCount: 1,
    notes: 'Runs 40 WordPress sites on shared hosting, wants managed Kubernetes by Q3.',
    rating: 4,
    tags: ['hot', 'kubernetes'],
    answers: { 'Budget this year?': '€20–50k', 'Decision maker?': 'Yes' },
  },
  {
    scanner: vendor,
    scanned: demoEmail('vip'),
    createdAt: '2026-03-24T11:05:00.000Z',
    changedAt: '2026-03-25T14:20:00.000Z',
    scanCount: 2,
    notes: 'Met again at the lounge; send the sovereign-cloud whitepaper.',
    rating: 5,
    tags: ['partner', 'follow-up'],
    answers: { 'Decision maker?': 'Yes' },
  },
  {
    scanner: vendor,
    scanned: demoEmail('host'),
    createdAt: '2026-03-25T10:12:00.000Z',
    changedAt: '2026-03-25T10:12:00.000Z',
    scanCount: 1,
    notes: '',
    rating: 0,
    tags: [],
    answers: {},
  },
  {
    scanner: vendor,
    scanned: genericAttendeeEmail(1),
    createdAt: '2026-03-25T15:30:00.000Z',
    changedAt: '2026-03-25T15:34:00.000Z',
    scanCount: 1,
    notes: 'Interested in object storage pricing.',
    rating: 3,
    tags: ['storage'],
    answers: {},
  },
  {
    scanner: vendor,
    scanned: genericAttendeeEmail(2),
    createdAt: '2026-03-26T09:02:00.000Z',
    changedAt: '2026-03-26T09:02:00.000Z',
    scanCount: 1,
    notes: '',
    rating: 2,
    tags: [],
    answers: {},
  },
];

/** When the seeded badges were issued (the week before the event); fixed so the seed is repeatable. */
const BADGES_ISSUED_AT = new Date('2026-03-17T08:00:00.000Z');

/**
 * Inserts the demo leads. A lead names the barcode that was scanned, so each scanned person's
 * approved pass gets its barcode here (GET /api/pass/barcode then signs that same barcode).
 */
export async function seedLeads(db: Db): Promise<void> {
  const emails = [...new Set(DEMO_LEADS.flatMap((lead) => [lead.scanner, lead.scanned]))];
  const people = await db
    .select({ email: users.email, userId: users.id, passId: passes.id })
    .from(users)
    .leftJoin(passes, and(eq(passes.userId, users.id), eq(passes.status, 'approved')))
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((row) => [row.email, row]));
  const person = (email: string) => {
    const row = byEmail.get(email);
    if (!row) throw new Error(`Seed data is inconsistent: user ${email} not found`);
    return row;
  };

  const scannedPassIds = [...new Set(DEMO_LEADS.map((lead) => person(lead.scanned).passId))].map((passId) => {
    if (!passId) throw new Error('Seed data is inconsistent: a scanned demo user has no approved pass');
    return passId;
  });
  const barcodes = await db
    .insert(passBarcodes)
    .values(scannedPassIds.map((passId) => ({ passId, issuedAt: BADGES_ISSUED_AT })))
    .returning({ id: passBarcodes.id, passId: passBarcodes.passId });
  const barcodeOf = new Map(barcodes.map((row) => [row.passId, row.id]));

  await db.insert(leads).values(
    DEMO_LEADS.map(({ scanner, scanned, createdAt, changedAt, ...lead }) => {
      const target = person(scanned);
      const barcodeId = target.passId ? barcodeOf.get(target.passId) : undefined;
      if (!barcodeId) throw new Error(`Seed data is inconsistent: no barcode for ${scanned}`);
      return {
        ...lead,
        scannerUserId: person(scanner).userId,
        scannedUserId: target.userId,
        barcodeId,
        createdAt: new Date(createdAt),
        changedAt: new Date(changedAt),
      };
    }),
  );
}
