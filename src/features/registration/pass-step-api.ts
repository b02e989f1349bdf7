import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { type PassType, passTypeSchema } from '../../shared/contracts/catalog.ts';
import {
  type FreeClaimResponse,
  freeClaimSchema,
  takenPassesSchema,
  type VoucherCheck,
  voucherCheckSchema,
} from '../../shared/contracts/registration.ts';

/** The public calls of the registration landing: pass types, voucher codes, free-pass availability. */

const passTypesSchema = z.array(passTypeSchema);

export interface PassCatalogue {
  paid: PassType[];
  voucher: PassType[];
}

/** GET /api/pass/type/paid and /api/pass/type/voucher together. */
export async function fetchPassCatalogue(signal?: AbortSignal): Promise<PassCatalogue> {
  const [paid, voucher] = await Promise.all([
    api('/api/pass/type/paid', passTypesSchema, { signal }),
    api('/api/pass/type/voucher', passTypesSchema, { signal }),
  ]);
  return { paid, voucher };
}

/** GET /api/pass/voucher/{code}: unknown codes answer valid: false. */
export function checkVoucher(code: string, signal?: AbortSignal): Promise<VoucherCheck> {
  return api(`/api/pass/voucher/${encodeURIComponent(code)}`, voucherCheckSchema, { signal });
}

/** POST /api/pass/free-claim: holds one free Standard Pass for the account step (409 when none is left). */
export function claimFreePass(): Promise<FreeClaimResponse> {
  return api('/api/pass/free-claim', freeClaimSchema, { method: 'POST' });
}

const TAKEN_PASSES_MAX_AGE_MS = 30_000;
let takenPasses: { at: number; promise: Promise<number | null> } | null = null;

/**
 * GET /api/pass/taken-passes, shared by the side panel's bar and the pass cards (one call per 30 s).
 * Resolves null when unknown or when the call fails: docs/behaviour.md §8 hides the panel then.
 */
export function fetchTakenPasses(now = Date.now()): Promise<number | null> {
  if (takenPasses && now - takenPasses.at < TAKEN_PASSES_MAX_AGE_MS) return takenPasses.promise;
  const promise = api('/api/pass/taken-passes', takenPassesSchema).then(
    (result) => result.value,
    () => {
      takenPasses = null;
      return null;
    },
  );
  takenPasses = { at: now, promise };
  return promise;
}
