import { eq, sql } from 'drizzle-orm';
import type { DeviceReport } from '#shared/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import { checkinLists, devices } from '../../db/schema/index.ts';
import { sha256 } from '../../services/accounts/tokens.ts';

/**
 * The device's last sync on the server's clock: shifted by how far the device's clock is off (its
 * sentAt against `now`), and never in the future. Null stays null (never synced).
 */
export function serverLastSync(report: Pick<DeviceReport, 'lastSyncAt' | 'sentAt'>, now: Date): Date | null {
  if (!report.lastSyncAt) return null;
  const skew = report.sentAt ? now.getTime() - Date.parse(report.sentAt) : 0;
  return new Date(Math.min(Date.parse(report.lastSyncAt) + skew, now.getTime()));
}

/**
 * Inserts or updates the device's row in one statement. The update only applies when the secret
 * matches the one the id was first reported with, so knowing a device id (every staff device
 * downloads them with the check-in events) is not enough to overwrite its state; the user may
 * differ (a shared tablet). A list id that does not exist (deleted meanwhile) is stored as none.
 * Returns false when the id belongs to another device.
 */
export async function upsertDeviceReport(db: Db, userId: string, report: DeviceReport, now = new Date()): Promise<boolean> {
  const listId = report.kind === 'lead' ? null : (report.listId ?? null);
  const values = {
    deviceId: report.deviceId,
    secretHash: sha256(report.secret),
    userId,
    kind: report.kind,
    checkinListId:
      listId === null
        ? null
        : sql<number | null>`(select ${checkinLists.id} from ${checkinLists} where ${eq(checkinLists.id, listId)})`,
    lastSyncAt: serverLastSync(report, now),
    pending: report.pending,
    reportedAt: now,
    appVersion: report.appVersion || null,
    label: report.label || null,
  };
  const { deviceId: _id, secretHash: _secret, ...changes } = values;
  const rows = await db
    .insert(devices)
    .values(values)
    .onConflictDoUpdate({
      target: devices.deviceId,
      set: changes,
      setWhere: eq(devices.secretHash, values.secretHash),
    })
    .returning({ deviceId: devices.deviceId });
  return rows.length > 0;
}
