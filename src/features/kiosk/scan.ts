import type { BadgeTrust } from '../../lib/badges/trust.ts';
import type { BadgePerson } from '../../lib/badges/verify.ts';
import type { AppDatabase } from '../../lib/db.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { type CheckinPlace, checkIn } from '../checkin/checkins.ts';
import type { CheckinVerdict } from '../checkin/verdict.ts';

/*
 * One scan at the self-service kiosk. The pass check's own rules decide (signature,
 * revocation, the list's window and pass types, check-ins known on the device; src/features/checkin)
 * and a valid pass is checked in through the same outbox op; this module adds only what a kiosk
 * does beyond it: the badge is printed at once the first time, and any later print of the same
 * badge needs a staff PIN.
 */

/** Why the kiosk turns someone away; each says "please see the registration desk" under it. */
export type Refusal = 'forged' | 'revoked' | 'not-admitted' | 'not-yet-open' | 'closed' | 'already-checked-in';

export type KioskOutcome =
  /** Checked in. `print`: 'now' prints the badge; 'needs-pin' when this kiosk printed it before. */
  | { kind: 'welcome'; person: BadgePerson; token: string; print: 'now' | 'needs-pin' }
  /** `name`: the holder of a genuine badge (null for a forged one); `listName` and `at` for the list's refusals. */
  | { kind: 'refused'; refusal: Refusal; name: string | null; listName: string; at: string | null }
  /** The check-in could not be stored: `message` a full disk's words, else null. */
  | { kind: 'error'; message: string | null };

/** The first print of a badge is free; every later one needs a staff PIN. */
export function printNeedsPin(printed: number): boolean {
  return printed >= 1;
}

/** Meta key of how often this kiosk printed a badge (by barcode id). */
export const printsKey = (barcodeId: string) => `kioskPrints:${barcodeId}`;

export async function printCount(database: AppDatabase, userId: string, barcodeId: string): Promise<number> {
  const value = (await database.meta.get([userId, printsKey(barcodeId)]))?.value;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** Counts one more print of the badge (before it goes to the printer: a crash then costs a PIN, never a free copy). */
export async function recordPrint(database: AppDatabase, userId: string, barcodeId: string): Promise<number> {
  return database.transaction('rw', database.meta, async () => {
    const next = (await printCount(database, userId, barcodeId)) + 1;
    await database.meta.put({ userId, key: printsKey(barcodeId), value: next });
    return next;
  });
}

/** The pass check's verdict as the kiosk answers it (without printing). */
export function kioskOutcome(verdict: CheckinVerdict, token: string, printed: number): KioskOutcome {
  const refused = (refusal: Refusal, name: string | null, listName = '', at: string | null = null): KioskOutcome => ({
    kind: 'refused',
    refusal,
    name,
    listName,
    at,
  });
  switch (verdict.kind) {
    case 'valid':
      return { kind: 'welcome', person: verdict.person, token, print: printNeedsPin(printed) ? 'needs-pin' : 'now' };
    case 'forged':
      return refused('forged', null);
    case 'revoked':
      return refused('revoked', verdict.holder?.name ?? null);
    case 'outside-window':
      return refused(verdict.when, verdict.person.name, verdict.listName, verdict.at);
    case 'not-admitted':
      return refused('not-admitted', verdict.person.name, verdict.listName);
    case 'already-checked-in':
      return refused('already-checked-in', verdict.person.name);
  }
}

/**
 * Checks the scanned code in (src/features/checkin/checkins.ts checkIn) and answers what the kiosk
 * shows; a badge printed here for the first time is counted as printed before the answer comes.
 */
export async function kioskScan(
  place: CheckinPlace,
  code: string,
  trust: Pick<BadgeTrust, 'keys' | 'revoked'>,
  now: number = Date.now(),
): Promise<KioskOutcome> {
  const token = code.trim();
  let verdict: CheckinVerdict;
  try {
    verdict = await checkIn(place, token, trust, now);
  } catch (error) {
    return { kind: 'error', message: error instanceof StorageFullError ? error.message : null };
  }
  if (verdict.kind !== 'valid') return kioskOutcome(verdict, token, 0);
  const { database, userId } = place;
  const printed = await printCount(database, userId, verdict.person.personKey).catch(() => 0);
  const outcome = kioskOutcome(verdict, token, printed);
  if (outcome.kind === 'welcome' && outcome.print === 'now') {
    // Not counted (storage failing right after the check-in was stored): the badge still prints.
    await recordPrint(database, userId, verdict.person.personKey).catch(() => undefined);
  }
  return outcome;
}
