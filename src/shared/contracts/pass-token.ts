import { z } from 'zod/mini';

/** GET /api/pass/keys: the public keys that verify pass tokens (active first, then rotation keys). */
export const passKeysSchema = z.object({
  keys: z.array(z.object({ kid: z.string(), publicKey: z.string() })),
});
export type PassKeys = z.infer<typeof passKeysSchema>;

/** GET /api/pass/revocations: ids of cancelled or rejected passes. */
export const passRevocationsSchema = z.object({
  revoked: z.array(z.string()),
  updatedAt: z.string(),
});
export type PassRevocations = z.infer<typeof passRevocationsSchema>;

/** GET /api/pass/barcode: the signed pass token drawn as the QR code. */
export const passBarcodeSchema = z.object({ token: z.string() });
export type PassBarcode = z.infer<typeof passBarcodeSchema>;
