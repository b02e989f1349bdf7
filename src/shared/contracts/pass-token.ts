import { z } from 'zod/mini';
import { PASS_TOKEN_MAX_LENGTH } from '../pass-token.ts';
import { changePageFields } from './changes.ts';

/** A scanned badge as a device uploads it (lead scans, check-ins); the server verifies it. */
export const badgeToken = z.string().check(z.minLength(1), z.maxLength(PASS_TOKEN_MAX_LENGTH));

/** GET /api/pass/keys: the public keys that verify pass tokens (active first, then rotation keys). */
export const passKeysSchema = z.object({
  keys: z.array(z.object({ kid: z.string(), publicKey: z.string() })),
});
export type PassKeys = z.infer<typeof passKeysSchema>;

/**
 * GET /api/pass/revocations?cursor=&limit=: revoked barcode ids (a token's `pid`: barcodes replaced
 * by an upgrade, every barcode of a cancelled or rejected pass), a page at a time in the order they
 * were revoked (src/shared/contracts/changes.ts). A device adds each page to the ids it keeps and
 * asks again with `cursor` until `complete`; later it asks from there and gets only new ones.
 */
export const passRevocationsSchema = z.object({
  revoked: z.array(z.string()),
  ...changePageFields,
});
export type PassRevocations = z.infer<typeof passRevocationsSchema>;

/** GET /api/pass/barcode: the signed pass token drawn as the QR code. */
export const passBarcodeSchema = z.object({ token: z.string() });
export type PassBarcode = z.infer<typeof passBarcodeSchema>;

/**
 * GET /api/pass/badges?after=&limit= (organizers): the signed badges of approved passes, in pass id
 * order, for the badge printer at the registration desk. `next` is the `after` of the next page.
 */
export const passBadgesSchema = z.object({
  badges: z.array(
    z.object({ passId: z.string(), token: z.string(), name: z.string(), company: z.string(), passType: z.string() }),
  ),
  next: z.nullable(z.string()),
});
export type PassBadges = z.infer<typeof passBadgesSchema>;
