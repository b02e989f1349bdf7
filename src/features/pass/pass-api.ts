import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import type { passUpgradeBodySchema } from '../../shared/contracts/account.ts';
import { type Pass, type PassType, passSchema, passTypeSchema } from '../../shared/contracts/catalog.ts';
import { passBarcodeSchema, passKeysSchema } from '../../shared/contracts/pass-token.ts';
import { orderSchema } from '../../shared/contracts/registration.ts';

/*
 * The pass calls of docs/behaviour.md §7 and docs/architecture.md §6. Everything goes through api(), so the offline
 * work can cache these answers (pass, barcode token, keys) in one place later.
 */

const passTypesSchema = z.array(passTypeSchema);

/** GET /api/pass: the user's pass, or null without one. */
export function fetchPass(signal?: AbortSignal): Promise<Pass | null> {
  return api('/api/pass', z.nullable(passSchema), { signal });
}

/** GET /api/pass/barcode: the signed token the QR code carries (404 without an approved pass). */
export async function fetchBarcodeToken(signal?: AbortSignal): Promise<string> {
  return (await api('/api/pass/barcode', passBarcodeSchema, { signal })).token;
}

/** GET /api/pass/keys as the kid → public key map the verifier takes. */
export async function fetchPassKeys(signal?: AbortSignal): Promise<Record<string, string>> {
  const { keys } = await api('/api/pass/keys', passKeysSchema, { signal });
  return Object.fromEntries(keys.map((key) => [key.kid, key.publicKey]));
}

/**
 * What the user can buy on /pass/upgrade: with an approved pass, the paid upgrades of its type
 * (docs/behaviour.md §7 upgradeableBy); without a pass, the paid passes (vendors may enter without one, §6).
 * Free passes come through the registration's free-pass pool, not through a purchase.
 */
export async function fetchPurchasableTypes(pass: Pass | null, signal?: AbortSignal): Promise<PassType[]> {
  if (pass === null) {
    const types = await api('/api/pass/type/paid', passTypesSchema, { signal });
    return types.filter((type) => !type.isFree && type.price > 0);
  }
  if (pass.status !== 'approved') return [];
  return api('/api/pass/type/paid-upgrade', passTypesSchema, { query: { upgradeableBy: pass.passType.id }, signal });
}

/** POST /api/pass/upgrade: an open order (kind 'upgrade') for the chosen type, to pay with payOrder. */
export function orderPassType(passTypeId: number) {
  const body: z.infer<typeof passUpgradeBodySchema> = { passTypeId };
  return api('/api/pass/upgrade', orderSchema, { method: 'POST', body });
}

/** Where the payment provider sends the browser back to after an upgrade (it appends ?session=). */
export const UPGRADE_REDIRECTS = {
  redirectSuccess: '/pass',
  redirectCancel: '/pass/upgrade?payment=failed',
} as const;
