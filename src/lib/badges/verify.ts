import { decodePassToken, verifyPassToken } from '../../shared/pass-token.ts';
import type { BadgeTrust } from './trust.ts';

/*
 * Judging a scanned badge on the device, without a signal: the signature against the cached keys,
 * then the barcode against the cached revocation list. Shared by the lead scanner and the staff
 * pass check, so both refuse the same badges with the same words as the server.
 */

/** The person a genuine badge names, as a scanner shows them at once. */
export interface BadgePerson {
  /** The badge's barcode id (`pid`): the same person scanned again has the same key. */
  personKey: string;
  name: string;
  company: string;
  passType: string;
  /** The demo event may be over or not begun: the badge is still genuine. */
  validity: 'valid' | 'expired' | 'not-yet-valid';
}

export type BadgeRefusal = 'malformed' | 'unknown-key' | 'bad-signature' | 'revoked';

export type BadgeVerdict = { ok: true; person: BadgePerson } | { ok: false; reason: BadgeRefusal; message: string };

export const BADGE_REFUSALS: Record<BadgeRefusal, string> = {
  malformed: 'This is not a CloudFest badge.',
  'unknown-key': 'This badge was not issued by CloudFest (unknown key).',
  'bad-signature': 'This badge has been tampered with (invalid signature).',
  revoked: 'This badge has been revoked.',
};

const refuse = (reason: BadgeRefusal): BadgeVerdict => ({ ok: false, reason, message: BADGE_REFUSALS[reason] });

/** Verifies a scanned code; genuine, unrevoked badges (expired or not yet valid ones too) become a person. */
export async function checkBadge(
  token: string,
  trust: Pick<BadgeTrust, 'keys' | 'revoked'>,
  now: Date | number = Date.now(),
): Promise<BadgeVerdict> {
  const code = token.trim();
  const verdict = await verifyPassToken(code, trust.keys, now);
  if (
    !verdict.valid &&
    (verdict.reason === 'malformed' || verdict.reason === 'unknown-key' || verdict.reason === 'bad-signature')
  ) {
    return refuse(verdict.reason);
  }
  // Signature checked: expired and not-yet-valid badges still carry a genuine payload.
  const payload = verdict.valid ? verdict.payload : decodePassToken(code).payload;
  if (trust.revoked?.has(payload.pid)) return refuse('revoked');
  const validity = verdict.valid ? 'valid' : verdict.reason === 'expired' ? 'expired' : 'not-yet-valid';
  return {
    ok: true,
    person: { personKey: payload.pid, name: payload.n, company: payload.c, passType: payload.t, validity },
  };
}
