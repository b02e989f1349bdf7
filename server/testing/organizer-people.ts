// Test helpers of the organizer's people pages (approvals, attendees, audit): people written straight into the database.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passBarcodes, passClaims, passes, passPools, passTypes, users } from '../db/schema/index.ts';
import { sha256 } from '../services/accounts/tokens.ts';
import { FREE_STANDARD_POOL } from '../services/passes/pass-pool.ts';

export const ORGANIZER = 'organizer@demo.cloudfest.example';

export async function passTypeId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: passTypes.id }).from(passTypes).where(eq(passTypes.name, name)).limit(1);
  if (!row) throw new Error(`pass type ${name} missing`);
  return row.id;
}

export interface PersonSeed {
  firstName?: string;
  lastName?: string;
  company?: string;
  email?: string;
  confirmed?: boolean;
}

/** Many people with pending (or other) passes in two statements; answers their user and pass ids in order. */
export async function createPeople(
  db: Db,
  count: number,
  options: {
    passType?: string;
    status?: 'pending' | 'approved' | 'rejected' | 'cancelled' | null;
    prefix?: string;
  } & PersonSeed = {},
) {
  const prefix = options.prefix ?? `p${randomUUID().slice(0, 8)}`;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: options.email && count === 1 ? options.email : `${prefix}-${i}@company.example`,
        passwordHash: 'not-a-real-hash',
        firstName: options.firstName ?? `First${i}`,
        lastName: options.lastName ?? `${prefix}Last${i}`,
        company: options.company ?? `${prefix} GmbH`,
        emailConfirmedAt: options.confirmed === false ? null : new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  if (options.status === null) return people.map((person) => ({ userId: person.id, email: person.email, passId: '' }));
  const typeId = await passTypeId(db, options.passType ?? 'Business Pass');
  const made = await db
    .insert(passes)
    .values(people.map((person) => ({ userId: person.id, passTypeId: typeId, status: options.status ?? 'pending' })))
    .returning({ id: passes.id, userId: passes.userId });
  const passOf = new Map(made.map((row) => [row.userId, row.id]));
  return people.map((person) => ({ userId: person.id, email: person.email, passId: passOf.get(person.id) ?? '' }));
}

/** A holder of a free Standard Pass taken from the pool (a consumed claim, counted in `taken`), with a barcode. */
export async function freePoolHolder(db: Db, status: 'pending' | 'approved' = 'pending') {
  const [person] = await createPeople(db, 1, { passType: 'Standard Pass', status });
  if (!person) throw new Error('no person');
  await db.insert(passClaims).values({
    tokenHash: sha256(randomUUID()),
    poolKey: FREE_STANDARD_POOL,
    status: 'consumed',
    expiresAt: new Date(),
    userId: person.userId,
  });
  await db
    .update(passPools)
    .set({ taken: sql`${passPools.taken} + 1` })
    .where(eq(passPools.key, FREE_STANDARD_POOL));
  const [barcode] = await db.insert(passBarcodes).values({ passId: person.passId }).returning({ id: passBarcodes.id });
  return { ...person, barcodeId: barcode?.id ?? '' };
}

export async function poolTaken(db: Db): Promise<number> {
  const [row] = await db.select({ taken: passPools.taken }).from(passPools).where(eq(passPools.key, FREE_STANDARD_POOL));
  return row?.taken ?? -1;
}
