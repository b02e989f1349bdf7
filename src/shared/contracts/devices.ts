// Event-day devices on the organizer console: staff check-in devices, lead scanners and
// self-service kiosks report their sync state; the console lists them per check-in list and per
// exhibitor and flags the ones that have not synced for a while.
import { z } from 'zod/mini';
import { singleLine } from './common.ts';
import { opBase } from './sync.ts';

export const DEVICE_KINDS = ['checkin', 'lead', 'kiosk'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The device id check-ins carry (src/features/checkin/lists.ts creates it). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{8,100}$/;
/** The device's secret: only the device that first reported an id may report for it again. */
export const DEVICE_SECRET_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
/** More waiting changes than any device makes in a day; a larger count is a broken client. */
export const DEVICE_PENDING_MAX = 1_000_000;
/** A device whose last sync is older than this is flagged on the console (server clock). */
export const DEVICE_STALE_MINUTES = 10;
/** A device silent this long with nothing waiting is put away (yesterday's, or handed back); one with changes waiting stays. */
export const DEVICE_RETIRED_HOURS = 24;
export const DEVICE_LABEL_MAX = 60;
export const DEVICE_APP_VERSION_MAX = 40;

/** An ISO instant with a zone that is also a real date (the regex alone lets 2026-13-40 through). */
const instant = opBase.createdAt.check(z.refine((value) => Number.isFinite(Date.parse(value))));

/**
 * POST /api/devices/report: this device's state, upserted by deviceId. `lastSyncAt` and `sentAt`
 * are on the device's clock; the server shifts lastSyncAt by the difference between sentAt and its
 * own clock, so a phone whose clock is off is neither flagged nor hidden by mistake.
 */
export const deviceReportSchema = z.object({
  deviceId: z.string().check(z.regex(DEVICE_ID_PATTERN)),
  secret: z.string().check(z.regex(DEVICE_SECRET_PATTERN)),
  kind: z.enum(DEVICE_KINDS),
  /** The check-in list a check-in device or kiosk works on; ignored for lead scanners. */
  listId: z.optional(z.nullable(z.int().check(z.positive(), z.lte(2 ** 31 - 1)))),
  /** The last successful sync (null: never). */
  lastSyncAt: z.optional(z.nullable(instant)),
  /** When the device sent this report. */
  sentAt: z.optional(instant),
  /** Changes of this kind on the device not yet uploaded. */
  pending: z.int().check(z.gte(0), z.lte(DEVICE_PENDING_MAX)),
  appVersion: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(DEVICE_APP_VERSION_MAX), singleLine()))),
  /** A name for the device chosen on it ("Kiosk hall 2"). */
  label: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(DEVICE_LABEL_MAX), singleLine()))),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

/** One device as the console lists it. */
export const organizerDeviceSchema = z.object({
  deviceId: z.string(),
  kind: z.enum(DEVICE_KINDS),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  listId: z.nullable(z.int()),
  listName: z.nullable(z.string()),
  /** The exhibitor: the scanner's team name, else their company (null: neither). */
  exhibitor: z.nullable(z.string()),
  lastSyncAt: z.nullable(z.string()),
  /** When the device last reported (server clock). */
  reportedAt: z.string(),
  pending: z.int(),
  /** Not synced for DEVICE_STALE_MINUTES (or never), by the server's clock. */
  stale: z.boolean(),
  appVersion: z.nullable(z.string()),
  label: z.nullable(z.string()),
});
export type OrganizerDevice = z.infer<typeof organizerDeviceSchema>;

export const deviceListGroupSchema = z.object({
  /** null: check-in devices and kiosks without a list (not chosen yet, or the list was deleted). */
  listId: z.nullable(z.int()),
  name: z.nullable(z.string()),
  devices: z.array(organizerDeviceSchema),
});
export type DeviceListGroup = z.infer<typeof deviceListGroupSchema>;

export const deviceExhibitorGroupSchema = z.object({
  /** The exhibitor team (null: a scanner in no team, grouped by company). */
  teamId: z.nullable(z.string()),
  /** Team name or company; null for scanners with neither. */
  name: z.nullable(z.string()),
  devices: z.array(organizerDeviceSchema),
});
export type DeviceExhibitorGroup = z.infer<typeof deviceExhibitorGroupSchema>;

/**
 * GET /api/organizer/devices: check-in devices and kiosks per check-in list, lead scanners per
 * exhibitor; in each group the stale devices first. `serverTime` is the clock `stale` was judged by.
 */
export const organizerDevicesSchema = z.object({
  serverTime: z.string(),
  staleAfterMinutes: z.int(),
  checkinLists: z.array(deviceListGroupSchema),
  exhibitors: z.array(deviceExhibitorGroupSchema),
});
export type OrganizerDevices = z.infer<typeof organizerDevicesSchema>;
