import { translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { CheckinListRow, CheckinRow, OutboxRow } from '../../lib/db.ts';
import { clockTime } from '../../lib/venue-time.ts';

/*
 * The pass check's pure views: the sync state of each check-in, duplicate flags across
 * devices (both events stay listed) and live counts (the server's plus this device's unsent ones).
 */

export interface CheckinSyncState {
  status: 'pending' | 'rejected' | 'synced';
  reason: string | null;
}

/** Per check-in id, the state of its outbox op; ops that were sent have left the outbox. */
export function outboxStates(ops: readonly OutboxRow[]): Map<string, CheckinSyncState> {
  const states = new Map<string, CheckinSyncState>();
  for (const op of ops) {
    if (op.kind === 'checkin') states.set(op.id, { status: op.status, reason: op.status === 'rejected' ? op.lastError : null });
  }
  return states;
}

export function syncStateOf(row: CheckinRow, states: ReadonlyMap<string, CheckinSyncState>): CheckinSyncState {
  const op = states.get(row.id);
  if (op) return op;
  return row.rejectedReason !== null ? { status: 'rejected', reason: row.rejectedReason } : { status: 'synced', reason: null };
}

/**
 * Which pass a check-in is about: the server's pass id where any event of the same barcode told it,
 * else the barcode (a check-in made here knows only the badge).
 */
function passKeys(rows: readonly CheckinRow[]): (row: CheckinRow) => string {
  const passOfBarcode = new Map<string, string>();
  for (const row of rows) if (row.passId !== null) passOfBarcode.set(row.barcodeId, row.passId);
  return (row) => {
    const passId = row.passId ?? passOfBarcode.get(row.barcodeId);
    return passId === undefined ? `barcode:${row.barcodeId}` : `pass:${passId}`;
  };
}

/** Which device made the other check-in (shown through DUPLICATE_TEXT). */
export type DeviceName = 'this device' | 'another device' | 'the same device';

const DUPLICATE_TEXT: Record<DeviceName, MessageKey<'checkin'>> = {
  'this device': 'duplicateThisDevice',
  'another device': 'duplicateAnotherDevice',
  'the same device': 'duplicateSameDevice',
};

export interface CheckinItem {
  row: CheckinRow;
  onThisDevice: boolean;
  sync: CheckinSyncState;
  /** The earliest other check-in of the same pass on the list, or null when there is none. */
  duplicate: { scannedAt: string; device: DeviceName } | null;
}

const byScanTime = (a: CheckinRow, b: CheckinRow) => a.scannedAt.localeCompare(b.scannedAt) || a.id.localeCompare(b.id);

/**
 * One list's check-ins, newest first, each flagged when the same pass was checked in on the list
 * by another event too (another device, or this one before). Refused check-ins are listed with
 * their reason but never make another one a duplicate: they are not on the server.
 */
export function checkinItems(
  rows: readonly CheckinRow[],
  states: ReadonlyMap<string, CheckinSyncState>,
  deviceId: string,
): CheckinItem[] {
  const keyOf = passKeys(rows);
  const groups = new Map<string, CheckinRow[]>();
  const syncs = new Map<string, CheckinSyncState>();
  for (const row of [...rows].sort(byScanTime)) {
    const sync = syncStateOf(row, states);
    syncs.set(row.id, sync);
    if (sync.status === 'rejected') continue;
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  const items = rows.map((row): CheckinItem => {
    const sync = syncs.get(row.id) ?? { status: 'synced', reason: null };
    const other = sync.status === 'rejected' ? undefined : groups.get(keyOf(row))?.find((event) => event.id !== row.id);
    const device: DeviceName | null = !other
      ? null
      : other.deviceId === deviceId
        ? 'this device'
        : other.deviceId === row.deviceId
          ? 'the same device'
          : 'another device';
    return {
      row,
      onThisDevice: row.deviceId === deviceId,
      sync,
      duplicate: other && device ? { scannedAt: other.scannedAt, device } : null,
    };
  });
  return items.sort((a, b) => byScanTime(b.row, a.row));
}

export interface ListCounts {
  /** Distinct passes checked in. */
  checkedIn: number;
  /** Check-ins of a pass already checked in on the list. */
  duplicates: number;
  /** This device's check-ins not on the server yet (already counted in the two above). */
  pending: number;
}

/**
 * The server's counts (as last downloaded) plus this device's check-ins still waiting to be sent:
 * each is a new pass unless the device already knows a check-in of the same pass on the list.
 */
export function listCounts(
  list: Pick<CheckinListRow, 'id' | 'checkedIn' | 'duplicates'>,
  rows: readonly CheckinRow[],
  states: ReadonlyMap<string, CheckinSyncState>,
): ListCounts {
  const own = rows.filter((row) => row.listId === list.id);
  const keyOf = passKeys(own);
  const seen = new Set<string>();
  const pending: CheckinRow[] = [];
  for (const row of own) {
    const { status } = syncStateOf(row, states);
    if (status === 'pending' && row.receivedAt === null) pending.push(row);
    else if (status !== 'rejected') seen.add(keyOf(row));
  }
  let checkedIn = list.checkedIn;
  let duplicates = list.duplicates;
  for (const row of pending.sort(byScanTime)) {
    if (seen.has(keyOf(row))) duplicates += 1;
    else checkedIn += 1;
    seen.add(keyOf(row));
  }
  return { checkedIn, duplicates, pending: pending.length };
}

/** 'Duplicate — also checked in on another device at 09:05' (time as the venue shows it), in the active language. */
export function duplicateText(duplicate: NonNullable<CheckinItem['duplicate']>): string {
  return translate('checkin', DUPLICATE_TEXT[duplicate.device], { time: clockTime(duplicate.scannedAt) });
}
