import type { CheckinListRow } from '../lib/db.ts';

/** Check-in lists as a staff device stores them, for the tests of the pass check and the kiosk. */
export const TEST_STAFF = 'user-staff';

export const MAIN_ENTRANCE: CheckinListRow = {
  userId: TEST_STAFF,
  id: 1,
  name: 'Main entrance',
  description: 'Every pass.',
  passTypes: [],
  validFrom: null,
  validUntil: null,
  checkedIn: 0,
  duplicates: 0,
  fetchedAt: '2026-03-25T09:00:00.000Z',
};

export const PREMIUM_LOUNGE: CheckinListRow = { ...MAIN_ENTRANCE, id: 2, name: 'Premium lounge', passTypes: ['Premium Pass'] };
