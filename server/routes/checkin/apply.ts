import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { CheckinOp } from '#shared/contracts/checkin.ts';
import { VENUE_TIME_ZONE } from '#shared/venue-time-zone.ts';
import type { Db } from '../../db/client.ts';
import { checkinLists, checkins, passes } from '../../db/schema/index.ts';
import type { BadgeVerifier } from '../../services/badges/badge-verifier.ts';
import type { OpOutcome } from '../../services/sync/client-ops.ts';
import { changeTime } from '../../services/sync/client-ops.ts';

export const CHECKIN_OP_KIND = 'checkin';
export const UNKNOWN_LIST = 'This check-in list no longer exists.';
export const notValidFor = (listName: string) => `This pass is not valid for ${listName}.`;

const berlinTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The reason that comes with a duplicate check-in (answered `created`: the event is kept). */
export function duplicateReason(first: { scannedAt: Date; deviceId: string }, deviceId: string): string {
  const where = first.deviceId === deviceId ? 'on this device' : 'on another device';
  return `duplicate: already checked in at ${berlinTime.format(first.scannedAt)} ${where}`;
}

interface FirstCheckin {
  id: string;
  deviceId: string;
  scannedAt: Date;
}

export interface AppliedCheckins {
  outcomes: Map<string, OpOutcome>;
  /** Op id → 'duplicate: …' for the fresh check-ins that were duplicates. */
  duplicates: Map<string, string>;
}

/**
 * Applies new check-ins of one staff user inside the upload's transaction, in upload order. Each
 * distinct badge is verified once; forged, unknown and revoked badges, unknown lists and pass types
 * a list does not admit are rejected. Every other check-in is stored. The first stored check-in of
 * a pass on a list is the check-in; every later one (another device, a second scan, an offline
 * device syncing late) is kept with duplicateOf = that first one, so both events stay visible.
 *
 * "First" must be unique even when two devices upload the same pass at the same moment: the
 * upload locks the pass rows it touches (sorted, so two uploads cannot deadlock) before reading the
 * existing check-ins, so the second upload waits and then sees the first one's event.
 * Statements per batch: barcode query, lists, pass locks, existing first check-ins, one insert.
 */
export async function applyCheckinOps(
  tx: Db,
  staffUserId: string,
  ops: CheckinOp[],
  verifier: BadgeVerifier,
  now = new Date(),
): Promise<AppliedCheckins> {
  const outcomes = new Map<string, OpOutcome>();
  const duplicates = new Map<string, string>();
  const verdicts = await verifier.verifyBadges(
    tx,
    ops.map((op) => op.token),
  );
  const listIds = [...new Set(ops.map((op) => op.listId))];
  const lists = new Map(
    (await tx.select().from(checkinLists).where(inArray(checkinLists.id, listIds))).map((list) => [list.id, list]),
  );

  const passIds = new Set<string>();
  for (const verdict of verdicts.values()) if (verdict.ok) passIds.add(verdict.holder.passId);
  const firsts = new Map<string, FirstCheckin>();
  const key = (listId: number, passId: string) => `${listId}:${passId}`;
  if (passIds.size > 0 && lists.size > 0) {
    await tx
      .select({ id: passes.id })
      .from(passes)
      .where(inArray(passes.id, [...passIds]))
      .orderBy(asc(passes.id))
      .for('no key update');
    const stored = await tx
      .select({
        id: checkins.id,
        listId: checkins.listId,
        passId: checkins.passId,
        deviceId: checkins.deviceId,
        scannedAt: checkins.scannedAt,
      })
      .from(checkins)
      .where(
        and(inArray(checkins.passId, [...passIds]), inArray(checkins.listId, [...lists.keys()]), isNull(checkins.duplicateOf)),
      );
    for (const row of stored) firsts.set(key(row.listId, row.passId), row);
  }

  const rows: (typeof checkins.$inferInsert)[] = [];
  for (const op of ops) {
    const verdict = verdicts.get(op.token);
    if (!verdict?.ok) {
      outcomes.set(op.id, { result: 'rejected', reason: verdict?.reason ?? 'This badge could not be checked.' });
      continue;
    }
    const list = lists.get(op.listId);
    if (!list) {
      outcomes.set(op.id, { result: 'rejected', reason: UNKNOWN_LIST });
      continue;
    }
    const { holder } = verdict;
    // The pass type comes from the database (an upgraded pass has a new barcode anyway).
    if (list.passTypeIds.length > 0 && !list.passTypeIds.includes(holder.passTypeId)) {
      outcomes.set(op.id, { result: 'rejected', reason: notValidFor(list.name) });
      continue;
    }
    const scannedAt = changeTime(op.createdAt, now);
    const first = firsts.get(key(list.id, holder.passId));
    rows.push({
      id: op.id,
      listId: list.id,
      barcodeId: holder.barcodeId,
      passId: holder.passId,
      staffUserId,
      deviceId: op.deviceId,
      scannedAt,
      receivedAt: now,
      duplicateOf: first?.id ?? null,
    });
    if (first) duplicates.set(op.id, duplicateReason(first, op.deviceId));
    else firsts.set(key(list.id, holder.passId), { id: op.id, deviceId: op.deviceId, scannedAt });
    outcomes.set(op.id, { result: 'created' });
  }
  if (rows.length > 0) await tx.insert(checkins).values(rows);
  return { outcomes, duplicates };
}
