import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import type { CheckinRow, OutboxRow } from '../../lib/db.ts';
import { checkinItems, duplicateText, listCounts, outboxStates, syncStateOf } from './model.ts';

// The duplicate flags come from the checkin catalogue: the English one, as the app shows them.
beforeAll(async () => {
  await loadCatalogue('en', 'checkin');
  i18n.activate('en');
});

const HERE = 'device-a';
const OTHER = 'device-b';
const USER = 'user-staff';
const NONE = new Map();

function row(id: string, overrides: Partial<CheckinRow> = {}): CheckinRow {
  return {
    userId: USER,
    id,
    listId: 1,
    barcodeId: 'badge-ada',
    passId: null,
    holderName: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    passType: 'Standard Pass',
    deviceId: HERE,
    scannedAt: '2026-03-24T08:05:00.000Z',
    receivedAt: null,
    duplicateOf: null,
    rejectedReason: null,
    ...overrides,
  };
}

function op(id: string, status: OutboxRow['status'] = 'pending', lastError: string | null = null): OutboxRow {
  return {
    id,
    userId: USER,
    kind: 'checkin',
    payload: { listId: 1, token: 'a.b', deviceId: HERE },
    createdAt: '2026-03-24T08:05:00.000Z',
    status,
    attempts: 0,
    lastError,
  };
}

describe('sync states', () => {
  it('are pending or rejected while the op is in the outbox, synced once it left, rejected when noted', () => {
    const states = outboxStates([
      op('a'),
      op('b', 'rejected', 'This pass is not valid for Premium lounge.'),
      { ...op('c'), kind: 'lead' },
    ]);
    expect(syncStateOf(row('a'), states)).toEqual({ status: 'pending', reason: null });
    expect(syncStateOf(row('b'), states)).toEqual({ status: 'rejected', reason: 'This pass is not valid for Premium lounge.' });
    expect(syncStateOf(row('c'), states)).toEqual({ status: 'synced', reason: null });
    expect(syncStateOf(row('d', { rejectedReason: 'Revoked.' }), states)).toEqual({ status: 'rejected', reason: 'Revoked.' });
  });
});

describe('checkinItems', () => {
  it('flags both events of a pass checked in on two devices, keeping both, newest first', () => {
    // This device's offline check-in, merged with the server's copy, and the other device's.
    const mine = row('mine', { passId: 'pass-1', receivedAt: '2026-03-24T08:10:00.000Z' });
    const theirs = row('theirs', {
      deviceId: OTHER,
      passId: 'pass-1',
      scannedAt: '2026-03-24T08:07:00.000Z',
      receivedAt: '2026-03-24T08:10:01.000Z',
      duplicateOf: 'mine',
    });
    const other = row('bob', { barcodeId: 'badge-bob', holderName: 'Bob', scannedAt: '2026-03-24T08:06:00.000Z' });
    const items = checkinItems([mine, theirs, other], NONE, HERE);
    expect(items.map((item) => [item.row.id, item.onThisDevice, item.duplicate])).toEqual([
      ['theirs', false, { scannedAt: mine.scannedAt, device: 'this device' }],
      ['bob', true, null],
      ['mine', true, { scannedAt: theirs.scannedAt, device: 'another device' }],
    ]);
    // 08:07 UTC is 09:07 in Berlin.
    expect(duplicateText({ scannedAt: theirs.scannedAt, device: 'another device' })).toBe(
      'Duplicate — also checked in on another device at 09:07',
    );
  });

  it('matches a pending check-in (barcode only) to the server events of its pass', () => {
    const pending = row('pending', { scannedAt: '2026-03-24T08:09:00.000Z' });
    const elsewhere = row('elsewhere', { deviceId: OTHER, passId: 'pass-1', receivedAt: '2026-03-24T08:08:00.000Z' });
    const items = checkinItems([pending, elsewhere], outboxStates([op('pending')]), HERE);
    expect(items[0]).toMatchObject({
      row: { id: 'pending' },
      sync: { status: 'pending' },
      duplicate: { device: 'another device' },
    });
    expect(items[1]?.duplicate).toEqual({ scannedAt: pending.scannedAt, device: 'this device' });
  });

  it('lists refused check-ins with their reason but never flags anything with them', () => {
    const refused = row('refused', { deviceId: OTHER });
    const states = outboxStates([op('refused', 'rejected', 'This badge has been revoked.')]);
    const items = checkinItems([row('ok'), refused], states, HERE);
    expect(items.find((item) => item.row.id === 'refused')).toMatchObject({
      sync: { status: 'rejected', reason: 'This badge has been revoked.' },
      duplicate: null,
    });
    expect(items.find((item) => item.row.id === 'ok')?.duplicate).toBeNull();
  });

  it('names two events of one other device "the same device"', () => {
    const first = row('1', { deviceId: OTHER, passId: 'p' });
    const second = row('2', { deviceId: OTHER, passId: 'p', scannedAt: '2026-03-24T08:09:00.000Z' });
    expect(checkinItems([first, second], NONE, HERE)[0]?.duplicate?.device).toBe('the same device');
  });
});

describe('listCounts', () => {
  const list = { id: 1, checkedIn: 10, duplicates: 2 };

  it('are the server counts when nothing waits', () => {
    expect(listCounts(list, [row('synced', { passId: 'p', receivedAt: '2026-03-24T08:06:00.000Z' })], NONE)).toEqual({
      checkedIn: 10,
      duplicates: 2,
      pending: 0,
    });
  });

  it('add unsent check-ins: new passes as checked in, known passes as duplicates', () => {
    const rows = [
      row('known', { deviceId: OTHER, passId: 'pass-1', receivedAt: '2026-03-24T08:00:00.000Z' }),
      row('dup'),
      row('new', { barcodeId: 'badge-bob' }),
      row('new-again', { barcodeId: 'badge-bob', scannedAt: '2026-03-24T08:09:00.000Z' }),
      row('refused', { barcodeId: 'badge-eve' }),
      row('other-list', { listId: 2, barcodeId: 'badge-zed' }),
    ];
    const states = outboxStates([op('dup'), op('new'), op('new-again'), op('refused', 'rejected', 'Revoked.'), op('other-list')]);
    expect(listCounts(list, rows, states)).toEqual({ checkedIn: 11, duplicates: 4, pending: 3 });
    expect(listCounts({ id: 2, checkedIn: 0, duplicates: 0 }, rows, states)).toEqual({
      checkedIn: 1,
      duplicates: 0,
      pending: 1,
    });
  });
});
