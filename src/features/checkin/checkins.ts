import { z } from 'zod/mini';
import type { BadgeTrust } from '../../lib/badges/trust.ts';
import { checkBadge } from '../../lib/badges/verify.ts';
import type { AppDatabase, CheckinListRow, CheckinRow, OutboxRow } from '../../lib/db.ts';
import { rethrowQuotaError } from '../../lib/storage.ts';
import type { CheckinEvent } from '../../shared/contracts/checkin.ts';
import { addToOutbox, createOutboxRow, outboxChanged } from '../../sync/outbox.ts';
import { type CheckinVerdict, decideCheckin } from './verdict.ts';

/*
 * Check-ins on the device (docs/architecture.md §5/§6): a valid pass is written as a check-in row
 * and an outbox op in ONE transaction (the op's id is the check-in's nonce and the row's id); the
 * server's events are merged in by id afterwards, so every device ends up with every check-in of
 * its list and can flag passes checked in twice.
 */

const checkinRowSchema = z.object({
  userId: z.string(),
  id: z.string(),
  listId: z.int(),
  barcodeId: z.string(),
  passId: z.nullable(z.string()),
  holderName: z.string(),
  company: z.string(),
  passType: z.string(),
  deviceId: z.string(),
  scannedAt: z.string(),
  receivedAt: z.nullable(z.string()),
  duplicateOf: z.nullable(z.string()),
  rejectedReason: z.nullable(z.string()),
});

/** Rows read back from IndexedDB: the readable ones (a row of another app version is skipped, not trusted). */
export function readCheckinRows(rows: readonly unknown[]): CheckinRow[] {
  return rows.flatMap((row) => {
    const parsed = z.safeParse(checkinRowSchema, row);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function cachedCheckins(database: AppDatabase, userId: string): Promise<CheckinRow[]> {
  return readCheckinRows(await database.checkins.where('userId').equals(userId).toArray());
}

export interface CheckinPlace {
  database: AppDatabase;
  userId: string;
  deviceId: string;
  list: CheckinListRow;
}

/**
 * Judges a scanned code and, when it is valid, stores the check-in with its outbox op. The badge is
 * verified first (crypto may not run inside an IndexedDB transaction); the list's known check-ins
 * are read inside the transaction that writes, so two quick scans of one pass store it once.
 */
export async function checkIn(
  { database, userId, deviceId, list }: CheckinPlace,
  code: string,
  trust: Pick<BadgeTrust, 'keys' | 'revoked'>,
  now: number = Date.now(),
): Promise<CheckinVerdict> {
  const token = code.trim();
  const badge = await checkBadge(token, trust, now);
  if (!badge.ok) return decideCheckin({ badge, token, list, known: [], deviceId });

  const op = createOutboxRow('checkin', { listId: list.id, token, deviceId }, userId, now);
  let verdict: CheckinVerdict | undefined;
  try {
    await database.transaction('rw', database.checkins, database.outbox, async () => {
      const known = readCheckinRows(
        await database.checkins.where('[userId+listId+barcodeId]').equals([userId, list.id, badge.person.personKey]).toArray(),
      );
      verdict = decideCheckin({ badge, token, list, known, deviceId, now });
      if (verdict.kind !== 'valid') return;
      const { person } = badge;
      await database.checkins.add({
        userId,
        id: op.id,
        listId: list.id,
        barcodeId: person.personKey,
        passId: null,
        holderName: person.name,
        company: person.company,
        passType: person.passType,
        deviceId,
        scannedAt: op.createdAt,
        receivedAt: null,
        duplicateOf: null,
        rejectedReason: null,
      });
      await addToOutbox(op, database);
    });
  } catch (error) {
    rethrowQuotaError(error);
  }
  if (!verdict) throw new Error('The check-in was not saved.');
  if (verdict.kind === 'valid') outboxChanged();
  return verdict;
}

/**
 * Merges the server's events by id: a check-in made here gets its pass id, received time and
 * duplicate link; check-ins of other devices are added. A server event was accepted, so a refusal
 * noted on the row no longer holds.
 */
export async function mergeEvents(database: AppDatabase, userId: string, events: readonly CheckinEvent[]): Promise<void> {
  if (events.length === 0) return;
  await database.checkins.bulkPut(events.map((event) => ({ ...event, userId, rejectedReason: null })));
}

export const REFUSED_CHECKIN = 'The server refused this check-in.';

/**
 * Copies the reasons of refused check-in ops onto their check-in rows, so a check-in keeps saying
 * why it was refused even after the user dismissed the outbox row (the offline indicator offers that).
 */
export async function recordRejections(database: AppDatabase, userId: string, ops: readonly OutboxRow[]): Promise<void> {
  const refused = ops.filter((op) => op.userId === userId && op.kind === 'checkin' && op.status === 'rejected');
  if (refused.length === 0) return;
  await database.transaction('rw', database.checkins, async () => {
    const rows = await database.checkins.bulkGet(refused.map((op) => [userId, op.id] as [string, string]));
    const changes = refused.flatMap((op, index) => {
      const row = rows[index];
      const reason = op.lastError ?? REFUSED_CHECKIN;
      return row && row.receivedAt === null && row.rejectedReason !== reason
        ? [{ key: [userId, op.id] as [string, string], changes: { rejectedReason: reason } }]
        : [];
    });
    if (changes.length > 0) await database.checkins.bulkUpdate(changes);
  });
}
