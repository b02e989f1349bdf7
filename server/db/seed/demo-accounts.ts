/** Demo sign-ins, printed by the server at start and used by tests. Not for production data. */

/** Meets the password rule (docs/behaviour.md §5) and scores 4 in zxcvbn (minimum 3). */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export const DEMO_DOMAIN = 'demo.cloudfest.example';

export type DemoRole =
  | 'attendee'
  | 'pending'
  | 'vendor'
  | 'vendor-nopass'
  | 'host'
  | 'vip'
  | 'vendor-vip'
  | 'staff'
  | 'organizer';

export interface DemoAccount {
  email: string;
  role: DemoRole;
  description: string;
}

const account = (role: DemoRole, description: string): DemoAccount => ({
  email: `${role}@${DEMO_DOMAIN}`,
  role,
  description,
});

export const DEMO_ACCOUNTS: DemoAccount[] = [
  account('attendee', 'Approved Standard Pass (code CF26), hotel booking, survey done'),
  account('pending', 'Business Pass awaiting approval; no address or survey answers yet'),
  account('vendor', 'Vendor (tag 2) and lead scanner (/contacts), approved Partner Pass'),
  account('vendor-nopass', 'Vendor (tag 2) without a pass: sent to /pass'),
  account('host', 'Host scope, approved Host Pass (voucher HOST-EUROPA-2026)'),
  account('vip', 'VIP scope, approved Premium Pass, suite booking with a guest, train ticket'),
  account('vendor-vip', 'Vendor-VIP scope and vendor tag, approved Premium Pass, no lead scanner'),
  account('staff', 'Staff scope (checks passes at the entrance), approved Partner Pass'),
  account('organizer', 'Organizer scope (approves passes), approved Premium Pass'),
];

/**
 * Extra approved attendees (attendee001@ ... attendee040@) for lead scanning and pass checks; the
 * DEMO_ATTENDEES setting asks for more (a crowd for the scanners).
 */
export const GENERIC_ATTENDEE_COUNT = 40;

export function genericAttendeeEmail(n: number): string {
  return `attendee${String(n).padStart(3, '0')}@${DEMO_DOMAIN}`;
}

export function demoEmail(role: DemoRole): string {
  return `${role}@${DEMO_DOMAIN}`;
}
