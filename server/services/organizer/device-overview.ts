import { eq, gt, or } from 'drizzle-orm';
import {
  DEVICE_RETIRED_HOURS,
  DEVICE_STALE_MINUTES,
  type DeviceExhibitorGroup,
  type DeviceListGroup,
  type OrganizerDevice,
  type OrganizerDevices,
} from '#shared/contracts/devices.ts';
import type { Db } from '../../db/client.ts';
import { checkinLists, devices, leadTeams, users } from '../../db/schema/index.ts';
import { nameOf } from '../staff/staff-team.ts';

const STALE_AFTER_MS = DEVICE_STALE_MINUTES * 60_000;
const RETIRED_AFTER_MS = DEVICE_RETIRED_HOURS * 3_600_000;

/** Stale (needs a look) first, then by person and device, so the order holds from poll to poll. */
function byUrgency(a: OrganizerDevice, b: OrganizerDevice): number {
  if (a.stale !== b.stale) return a.stale ? -1 : 1;
  return a.userName.localeCompare(b.userName) || a.deviceId.localeCompare(b.deviceId);
}

/** Groups in name order, the group without a name (no list, no exhibitor) last. */
const byName = (a: { name: string | null }, b: { name: string | null }) =>
  a.name === null ? (b.name === null ? 0 : 1) : b.name === null ? -1 : a.name.localeCompare(b.name);

/**
 * The devices in use, judged by the server's clock `now`: check-in devices and kiosks per
 * check-in list, lead scanners per exhibitor (their team, else their company). A device that has
 * not reported for DEVICE_RETIRED_HOURS is left out unless it still holds changes to upload.
 */
export async function deviceOverview(db: Db, now = new Date()): Promise<OrganizerDevices> {
  const rows = await db
    .select({
      deviceId: devices.deviceId,
      kind: devices.kind,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      company: users.company,
      listId: checkinLists.id,
      listName: checkinLists.name,
      teamId: leadTeams.id,
      teamName: leadTeams.name,
      lastSyncAt: devices.lastSyncAt,
      reportedAt: devices.reportedAt,
      pending: devices.pending,
      appVersion: devices.appVersion,
      label: devices.label,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .leftJoin(checkinLists, eq(checkinLists.id, devices.checkinListId))
    .leftJoin(leadTeams, eq(leadTeams.id, users.leadTeamId))
    .where(or(gt(devices.reportedAt, new Date(now.getTime() - RETIRED_AFTER_MS)), gt(devices.pending, 0)));

  const lists = new Map<number | null, DeviceListGroup>();
  const exhibitors = new Map<string, DeviceExhibitorGroup>();
  for (const row of rows) {
    const company = row.company.trim() || null;
    const device: OrganizerDevice = {
      deviceId: row.deviceId,
      kind: row.kind,
      userId: row.userId,
      userName: nameOf(row) || row.email,
      email: row.email,
      listId: row.listId,
      listName: row.listName,
      exhibitor: row.teamName ?? company,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      reportedAt: row.reportedAt.toISOString(),
      pending: row.pending,
      stale: row.lastSyncAt === null || now.getTime() - row.lastSyncAt.getTime() > STALE_AFTER_MS,
      appVersion: row.appVersion,
      label: row.label,
    };
    if (row.kind === 'lead') {
      // A team is one exhibitor whatever its members typed as company; outside teams, the company is.
      const key = row.teamId ? `team:${row.teamId}` : `company:${company?.toLowerCase() ?? ''}`;
      const group = exhibitors.get(key) ?? { teamId: row.teamId, name: device.exhibitor, devices: [] };
      group.devices.push(device);
      exhibitors.set(key, group);
    } else {
      const group = lists.get(row.listId) ?? { listId: row.listId, name: row.listName, devices: [] };
      group.devices.push(device);
      lists.set(row.listId, group);
    }
  }
  const sorted = <G extends { name: string | null; devices: OrganizerDevice[] }>(groups: Iterable<G>) =>
    [...groups].sort(byName).map((group) => ({ ...group, devices: group.devices.sort(byUrgency) }));
  return {
    serverTime: now.toISOString(),
    staleAfterMinutes: DEVICE_STALE_MINUTES,
    checkinLists: sorted(lists.values()),
    exhibitors: sorted(exhibitors.values()),
  };
}
