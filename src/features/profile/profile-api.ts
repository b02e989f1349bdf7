import { z } from 'zod/mini';
import { api, noContent } from '../../lib/api.ts';
import { type Address, addressSchema } from '../../shared/contracts/catalog.ts';
import { type User, userSchema } from '../../shared/contracts/user.ts';

/** The calls of the profile page (docs/behaviour.md §7 PATCH /api/user/, address; avatar and password). */

export interface UserPatch {
  firstName: string;
  lastName: string;
  company: string;
}

export function patchUser(body: UserPatch): Promise<User> {
  return api('/api/user/', userSchema, { method: 'PATCH', body });
}

/** POST /api/user/avatar with the picture as the raw body (its own Content-Type); answers the user with the new image URL. */
export function uploadAvatar(file: Blob, signal?: AbortSignal): Promise<User> {
  return api('/api/user/avatar', userSchema, { method: 'POST', body: file, signal });
}

export function deleteAvatar(): Promise<User> {
  return api('/api/user/avatar', userSchema, { method: 'DELETE' });
}

export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  return api('/api/user/password', noContent, { method: 'POST', body });
}

const billingAddressQuery = { type: 'billingAddress' } as const;

export function readBillingAddress(signal?: AbortSignal): Promise<Address | null> {
  return api('/api/address/', z.nullable(addressSchema), { query: billingAddressQuery, signal });
}

export type AddressBody = Omit<Address, 'id'>;

/** docs/behaviour.md §7: read first; PATCH when the user has an address, else POST. */
export async function saveBillingAddress(body: AddressBody): Promise<Address> {
  const existing = await readBillingAddress();
  return api('/api/address/', addressSchema, { method: existing ? 'PATCH' : 'POST', body });
}

export function deleteAddress(id: number): Promise<void> {
  return api(`/api/address/${id}`, noContent, { method: 'DELETE' });
}
