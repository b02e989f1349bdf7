import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, type CheckinListRow, openAppDatabase } from '../../lib/db.ts';
import { DURING, TEST_TRUST, testBadge } from '../../testing/badges.ts';
import { PREMIUM_LOUNGE as LOUNGE, MAIN_ENTRANCE as MAIN, TEST_STAFF as USER } from '../../testing/checkin.ts';
import { cachedCheckins } from '../checkin/checkins.ts';
import { kioskOutcome, kioskScan, printCount, printNeedsPin, recordPrint } from './scan.ts';

const KIOSK = 'kiosk-device-0001';
const TRUST = { ...TEST_TRUST, revoked: new Set(['badge-revoked']) };

let database: AppDatabase;
let name = 0;
beforeEach(() => {
  name += 1;
  database = openAppDatabase(`kiosk-scan-test-${name}`);
});
afterEach(async () => {
  await database.delete();
});

const place = (list: CheckinListRow) => ({ database, userId: USER, deviceId: KIOSK, list });

describe('a scan at the kiosk', () => {
  it('checks a valid pass in through the outbox, greets the holder and prints the badge once', async () => {
    const token = testBadge();
    const outcome = await kioskScan(place(MAIN), `  ${token}\n`, TRUST, DURING);
    expect(outcome).toMatchObject({
      kind: 'welcome',
      token,
      print: 'now',
      person: { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', passType: 'Standard Pass' },
    });
    // The pass check's own check-in: one row and one outbox op carrying the scanned token.
    const rows = await cachedCheckins(database, USER);
    expect(rows).toHaveLength(1);
    const ops = await database.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ id: rows[0]?.id, kind: 'checkin', payload: { listId: 1, token, deviceId: KIOSK } });
    // The print is counted: a second print of this badge needs the PIN.
    expect(await printCount(database, USER, 'badge-ada')).toBe(1);
    expect(printNeedsPin(await printCount(database, USER, 'badge-ada'))).toBe(true);
  });

  it('refuses the same pass a second time without storing or printing anything', async () => {
    const token = testBadge();
    await kioskScan(place(MAIN), token, TRUST, DURING);
    expect(await kioskScan(place(MAIN), token, TRUST, DURING)).toMatchObject({
      kind: 'refused',
      refusal: 'already-checked-in',
      name: 'Ada Lovelace',
    });
    expect(await database.outbox.count()).toBe(1);
    expect(await printCount(database, USER, 'badge-ada')).toBe(1);
  });

  it('checks a pass in on another list but does not print its badge again without the PIN', async () => {
    const token = testBadge({ t: 'Premium Pass' });
    expect(await kioskScan(place(MAIN), token, TRUST, DURING)).toMatchObject({ kind: 'welcome', print: 'now' });
    expect(await kioskScan(place(LOUNGE), token, TRUST, DURING)).toMatchObject({ kind: 'welcome', print: 'needs-pin' });
    expect(await database.outbox.count()).toBe(2);
    expect(await printCount(database, USER, 'badge-ada')).toBe(1);
  });

  it('turns away forged, revoked and not admitted passes and a closed list, storing nothing', async () => {
    const [payload = '', signature = ''] = testBadge().split('.');
    const tampered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), n: 'Eve' })).toString('base64url')}.${signature}`;
    expect(await kioskScan(place(MAIN), tampered, TRUST, DURING)).toMatchObject({
      kind: 'refused',
      refusal: 'forged',
      name: null,
    });
    expect(await kioskScan(place(MAIN), 'not a badge at all', TRUST, DURING)).toMatchObject({ refusal: 'forged' });
    expect(await kioskScan(place(MAIN), testBadge({ pid: 'badge-revoked', n: 'Rex Voked' }), TRUST, DURING)).toMatchObject({
      kind: 'refused',
      refusal: 'revoked',
      name: 'Rex Voked',
    });
    expect(await kioskScan(place(LOUNGE), testBadge(), TRUST, DURING)).toMatchObject({
      kind: 'refused',
      refusal: 'not-admitted',
      name: 'Ada Lovelace',
      listName: 'Premium lounge',
    });
    const closed = { ...MAIN, validUntil: '2026-03-25T09:00:00.000Z' };
    expect(await kioskScan(place(closed), testBadge(), TRUST, DURING)).toMatchObject({
      kind: 'refused',
      refusal: 'closed',
      listName: 'Main entrance',
      at: '2026-03-25T09:00:00.000Z',
    });
    expect(await database.outbox.count()).toBe(0);
    expect(await database.checkins.count()).toBe(0);
    expect(await printCount(database, USER, 'badge-ada')).toBe(0);
  });
});

describe('the reprint rule', () => {
  it('prints a badge free once; every later print needs the staff PIN', async () => {
    expect(printNeedsPin(0)).toBe(false);
    expect(printNeedsPin(1)).toBe(true);
    expect(printNeedsPin(5)).toBe(true);
    expect(await recordPrint(database, USER, 'badge-x')).toBe(1);
    expect(await recordPrint(database, USER, 'badge-x')).toBe(2);
    expect(await printCount(database, USER, 'badge-x')).toBe(2);
    // Counted per user and badge.
    expect(await printCount(database, 'user-other', 'badge-x')).toBe(0);
    expect(await printCount(database, USER, 'badge-y')).toBe(0);
  });

  it('a valid verdict prints at once only for a badge never printed here', () => {
    const person = { personKey: 'p', name: 'A', company: '', passType: 'Standard Pass', validity: 'valid' as const };
    expect(kioskOutcome({ kind: 'valid', person }, 'tok', 0)).toMatchObject({ kind: 'welcome', print: 'now' });
    expect(kioskOutcome({ kind: 'valid', person }, 'tok', 1)).toMatchObject({ kind: 'welcome', print: 'needs-pin' });
  });
});
