import { z } from 'zod/mini';
import { activeLanguage } from '../../i18n/i18n.ts';
import { ApiError, api, noContent } from '../../lib/api.ts';
import { readToken } from '../../lib/token.ts';
import { type Address, addressSchema } from '../../shared/contracts/catalog.ts';
import { problemSchema } from '../../shared/contracts/common.ts';
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

/** DELETE /api/user/: deletes the account for good (docs/behaviour.md §17); every session ends, this one too. */
export function deleteAccount(password: string): Promise<void> {
  return api('/api/user/', noContent, { method: 'DELETE', body: { password } });
}

/**
 * GET /api/user/data-export as a file: the ZIP is fetched with the bearer token (a plain link would
 * carry only the cookie, which a session restored from storage may lack) and handed to the browser
 * as a download.
 */
export async function downloadMyData(): Promise<void> {
  const headers: Record<string, string> = {
    Accept: 'application/zip, application/problem+json',
    'Accept-Language': activeLanguage(),
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch('/api/user/data-export', { headers, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) {
    const parsed = problemSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, parsed.success ? parsed.data : null);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'cloudfest-2026-my-data.zip';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
