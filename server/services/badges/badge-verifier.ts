import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { decodePassToken, type PassPayload } from '#shared/pass-token.ts';
import type { Db } from '../../db/client.ts';
import { passBarcodes, passes, passTypes, users } from '../../db/schema/index.ts';
import type { PassSigner } from '../passes/pass-signing.ts';

/**
 * Server-side badge checks for lead scans and staff check-ins (docs/architecture.md §6). A badge is the
 * signed pass token; devices verify it offline, the server verifies it again before storing anything.
 *
 * The validity window (`vf`/`vt`) is NOT enforced here: the devices show it, but whether a badge is
 * accepted is decided by its signature and by the barcode's state in the database. A lead scanned at
 * the event must still upload weeks later (and in this demo world "today" is after the event), and a
 * check-in list is the organiser's statement of where a pass is admitted, not the clock.
 *
 * The name and company inside a verified payload are trustworthy (signed), but the server reads the
 * person from its own database (the barcode's pass → user): names change, payloads do not.
 */

// Exact, user-facing: they stay visible next to the rejected scan in the app.
export const BADGE_MALFORMED = 'This is not a CloudFest badge.';
export const BADGE_NOT_GENUINE = 'This badge is not genuine: its signature does not match.';
export const BADGE_REVOKED = 'This badge has been revoked.';
export const BADGE_UNKNOWN = 'This badge is unknown.';

/** The person and pass behind a genuine, current badge, as the database knows them. */
export interface BadgeHolder {
  barcodeId: string;
  passId: string;
  passTypeId: number;
  passTypeName: string;
  userId: string;
  firstName: string;
  lastName: string;
  company: string;
  image: string | null;
}

export type BadgeVerdict = { ok: true; payload: PassPayload; holder: BadgeHolder } | { ok: false; reason: string };
export type SignatureVerdict = { ok: true; payload: PassPayload } | { ok: false; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BadgeVerifier {
  /** Signature only (no database): malformed, unknown key and bad signature are refused. */
  verifySignature(token: string): Promise<SignatureVerdict>;
  /**
   * Full verdicts for a batch: each distinct token's signature is checked once, then one query reads
   * every barcode. Pass the upload's transaction so the verdicts and the writes see the same data.
   */
  verifyBadges(db: Db, tokens: readonly string[]): Promise<Map<string, BadgeVerdict>>;
  verifyBadge(db: Db, token: string): Promise<BadgeVerdict>;
}

/** Verification keys by kid; imported once per key set (the set changes only with a restart). */
function keyCache(signer: PassSigner) {
  let keys: Promise<Map<string, KeyObject>> | undefined;
  return () => {
    keys ??= signer.publicKeys().then(
      (list) =>
        new Map(
          list.flatMap(({ kid, publicKey }) => {
            try {
              return [[kid, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' })] as const];
            } catch {
              // A broken rotation key verifies nothing; the others still work.
              return [];
            }
          }),
        ),
    );
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  };
}

export function createBadgeVerifier(signer: PassSigner): BadgeVerifier {
  const keys = keyCache(signer);

  async function verifySignature(token: string): Promise<SignatureVerdict> {
    let decoded: ReturnType<typeof decodePassToken>;
    try {
      decoded = decodePassToken(token);
    } catch {
      return { ok: false, reason: BADGE_MALFORMED };
    }
    const key = (await keys()).get(decoded.payload.kid);
    // An unknown key id is a signature nobody here can vouch for: not genuine.
    if (!key) return { ok: false, reason: BADGE_NOT_GENUINE };
    let genuine = false;
    try {
      genuine = verify(null, decoded.signed, key, decoded.signature);
    } catch {
      genuine = false;
    }
    return genuine ? { ok: true, payload: decoded.payload } : { ok: false, reason: BADGE_NOT_GENUINE };
  }

  async function verifyBadges(db: Db, tokens: readonly string[]): Promise<Map<string, BadgeVerdict>> {
    const verdicts = new Map<string, BadgeVerdict>();
    const genuine = new Map<string, PassPayload>();
    for (const token of new Set(tokens)) {
      const verdict = await verifySignature(token);
      if (!verdict.ok) verdicts.set(token, verdict);
      // Only we sign tokens, so a non-uuid pid in a genuine one would be our bug; still never query with it.
      else if (!UUID.test(verdict.payload.pid)) verdicts.set(token, { ok: false, reason: BADGE_UNKNOWN });
      else genuine.set(token, verdict.payload);
    }
    if (genuine.size === 0) return verdicts;

    const barcodeIds = [...new Set([...genuine.values()].map((payload) => payload.pid.toLowerCase()))];
    const rows = await db
      .select({
        barcodeId: passBarcodes.id,
        revokedAt: passBarcodes.revokedAt,
        passId: passes.id,
        status: passes.status,
        passTypeId: passes.passTypeId,
        passTypeName: passTypes.name,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        company: users.company,
        image: users.image,
      })
      .from(passBarcodes)
      .innerJoin(passes, eq(passes.id, passBarcodes.passId))
      .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
      .innerJoin(users, eq(users.id, passes.userId))
      .where(inArray(passBarcodes.id, barcodeIds));
    const byId = new Map(rows.map((row) => [row.barcodeId, row]));

    for (const [token, payload] of genuine) {
      const row = byId.get(payload.pid.toLowerCase());
      if (!row) verdicts.set(token, { ok: false, reason: BADGE_UNKNOWN });
      // A replaced barcode (upgrade) or a pass that no longer admits anyone.
      else if (row.revokedAt || row.status === 'cancelled' || row.status === 'rejected')
        verdicts.set(token, { ok: false, reason: BADGE_REVOKED });
      else {
        const { revokedAt: _revokedAt, status: _status, ...holder } = row;
        verdicts.set(token, { ok: true, payload, holder });
      }
    }
    return verdicts;
  }

  return {
    verifySignature,
    verifyBadges,
    async verifyBadge(db, token) {
      return (await verifyBadges(db, [token])).get(token) as BadgeVerdict;
    },
  };
}
