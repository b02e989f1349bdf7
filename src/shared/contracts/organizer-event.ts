// The organizer console's event overview: the dashboard's figures, the check-in lists
// organizers manage (staff devices read them through src/shared/contracts/checkin.ts) and the CSV
// exports. Amounts in cents; days and hours at the venue (Europe/Berlin).
import { z } from 'zod/mini';
import { says, type ValidationKey } from '../validation.ts';
import { singleLine } from './common.ts';

// --- Dashboard ----------------------------------------------------------------------------------

/** GET /api/organizer/dashboard: every figure in one answer, from SQL aggregates. */
export const dashboardSchema = z.object({
  generatedAt: z.string(),
  /** The zone days and hours are counted in. */
  timeZone: z.string(),
  /** Accounts and passes created per venue day (YYYY-MM-DD), oldest first; days with neither are left out. */
  registrationsPerDay: z.array(z.object({ day: z.string(), accounts: z.int(), passes: z.int() })),
  /** Passes by type and status (pending, approved, rejected, cancelled). */
  passes: z.array(z.object({ passTypeId: z.int(), passType: z.string(), status: z.string(), count: z.int() })),
  /** Free-pass pools: `taken` counts held and consumed claims; `held` are claims still on hold at the Pass step. */
  passPools: z.array(z.object({ key: z.string(), total: z.int(), taken: z.int(), held: z.int() })),
  /**
   * Revenue from invoices: `invoiced` the invoices, `credited` the credit notes (negative amounts),
   * `total` the two together; `refunded` is the money returned through payment providers.
   */
  revenue: z.object({
    currency: z.string(),
    invoiced: z.object({ count: z.int(), net: z.int(), vat: z.int(), gross: z.int() }),
    credited: z.object({ count: z.int(), net: z.int(), vat: z.int(), gross: z.int() }),
    total: z.object({ net: z.int(), vat: z.int(), gross: z.int() }),
    refunded: z.object({ count: z.int(), amount: z.int() }),
  }),
  /** Hotel rooms per night (YYYY-MM-DD): rooms booked (held and confirmed) against the rooms there are. */
  hotelNights: z.array(z.object({ night: z.string(), capacity: z.int(), booked: z.int() })),
  /** Check-ins per list and venue hour ('YYYY-MM-DDTHH:00'): first check-ins and duplicates. */
  checkinsPerHour: z.array(
    z.object({ listId: z.int(), listName: z.string(), hour: z.string(), checkins: z.int(), duplicates: z.int() }),
  ),
  /** Leads per exhibitor: the scanner's lead team, else the scanner's company; most leads first. */
  leadsPerExhibitor: z.array(z.object({ exhibitor: z.string(), scanners: z.int(), leads: z.int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// --- Check-in lists -----------------------------------------------------------------------------

export const CHECKIN_LIST_NAME_MAX = 100;
export const CHECKIN_LIST_DESCRIPTION_MAX = 500;
export const CHECKIN_LIST_PASS_TYPES_MAX = 50;

/** GET /api/organizer/checkin-lists/pass-types: the pass types a list can admit (upgrades are not held as passes). */
export const checkinPassTypeSchema = z.object({ id: z.int(), name: z.string(), active: z.boolean() });
export type CheckinPassType = z.infer<typeof checkinPassTypeSchema>;

/** A check-in list as organizers see it: pass types by id and name, the validity window, live counts. */
export const organizerCheckinListSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** Empty = every pass type. */
  passTypeIds: z.array(z.int()),
  passTypes: z.array(z.string()),
  /** ISO instants; null: no limit on that side. */
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  /** Passes checked in (each once), duplicate check-ins, all check-in events. */
  checkedIn: z.int(),
  duplicates: z.int(),
  events: z.int(),
});
export type OrganizerCheckinList = z.infer<typeof organizerCheckinListSchema>;

const passTypeId = z.int().check(z.positive(), z.lte(2 ** 31 - 1));
const instant = z.nullable(z.iso.datetime({ offset: true }));

/** POST /api/organizer/checkin-lists. */
export const checkinListCreateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, says('checkinNameRequired')), z.maxLength(CHECKIN_LIST_NAME_MAX), singleLine()),
  description: z._default(z.string().check(z.trim(), z.maxLength(CHECKIN_LIST_DESCRIPTION_MAX)), ''),
  passTypeIds: z._default(z.array(passTypeId).check(z.maxLength(CHECKIN_LIST_PASS_TYPES_MAX)), []),
  validFrom: z._default(instant, null),
  validUntil: z._default(instant, null),
});
export type CheckinListCreate = z.input<typeof checkinListCreateSchema>;

/** PATCH /api/organizer/checkin-lists/{id}: the fields to change. */
export const checkinListPatchSchema = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1, says('checkinNameRequired')), z.maxLength(CHECKIN_LIST_NAME_MAX), singleLine()),
  ),
  description: z.optional(z.string().check(z.trim(), z.maxLength(CHECKIN_LIST_DESCRIPTION_MAX))),
  passTypeIds: z.optional(z.array(passTypeId).check(z.maxLength(CHECKIN_LIST_PASS_TYPES_MAX))),
  validFrom: z.optional(instant),
  validUntil: z.optional(instant),
});
export type CheckinListPatch = z.input<typeof checkinListPatchSchema>;

/** The window's message when it ends before it starts (both ISO instants or null), else null. */
export function checkinWindowError(validFrom: string | null, validUntil: string | null): ValidationKey | null {
  if (!validFrom || !validUntil) return null;
  return Date.parse(validUntil) > Date.parse(validFrom) ? null : 'checkinWindow';
}

/** One check-in event of a duplicate pair. */
export const checkinEventDetailSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  staffName: z.string(),
  scannedAt: z.string(),
  receivedAt: z.string(),
});

/**
 * GET /api/organizer/checkin-lists/{id}/duplicates: each later check-in of a pass already checked in
 * on the list (e.g. on two offline devices), with the first check-in it repeats; newest first.
 */
export const checkinDuplicateSchema = z.object({
  passId: z.string(),
  holderName: z.string(),
  company: z.string(),
  passType: z.string(),
  first: checkinEventDetailSchema,
  duplicate: checkinEventDetailSchema,
});
export type CheckinDuplicate = z.infer<typeof checkinDuplicateSchema>;

// --- Exports ------------------------------------------------------------------------------------

/** The CSV files GET /api/organizer/exports/{name} writes. */
export const ORGANIZER_EXPORTS = ['attendees.csv', 'orders.csv', 'checkins.csv'] as const;
export type OrganizerExport = (typeof ORGANIZER_EXPORTS)[number];
