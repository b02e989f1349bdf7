import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { viesChecks } from '../db/schema/index.ts';

/**
 * VIES, the EU's VAT ID check: the European Commission's REST API (POST {VIES_URL}/check-vat-number
 * with {countryCode, vatNumber}) asks the member state's register whether a VAT ID exists now. Its
 * answer carries the date and, when we send our own VAT ID as requester, a consultation number
 * (requestIdentifier) that proves the check to a tax office.
 */

/** A valid answer is reused for a day, an invalid one for an hour; failures are never stored. */
export const VIES_VALID_TTL_MS = 24 * 60 * 60 * 1000;
export const VIES_INVALID_TTL_MS = 60 * 60 * 1000;

export type ViesAnswer =
  | {
      status: 'valid' | 'invalid';
      /** Prefix and number, no spaces: 'ATU13585627'. */
      vatId: string;
      requestDate: Date;
      requestIdentifier: string | null;
      name: string;
      address: string;
      /** Answered from the vies_checks table, without asking VIES. */
      cached: boolean;
    }
  | {
      /** VIES or the member state's register did not answer (down, busy, timeout): nothing is known. */
      status: 'unavailable';
      vatId: string;
      reason: string;
    };

export interface ViesClient {
  /** Asks VIES about one VAT ID (prefix and number, no spaces); never throws. */
  check(vatId: string): Promise<ViesAnswer>;
}

/** VIES's error codes that mean "the number is malformed", i.e. certainly not a registered VAT ID. */
const INVALID_INPUT = new Set(['INVALID_INPUT']);

/** SPEC §5: spaces removed, upper case; the first two characters are the VIES prefix (EL for Greece). */
export const normalizeVatId = (vatId: string) => vatId.replace(/\s+/g, '').toUpperCase();

const text = (value: unknown) => (typeof value === 'string' && value !== '---' ? value.trim() : '');

function errorCodes(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const wrappers = (body as { errorWrappers?: unknown }).errorWrappers;
  if (!Array.isArray(wrappers)) return [];
  return wrappers.map((w) => (w && typeof w === 'object' ? text((w as { error?: unknown }).error) : '')).filter(Boolean);
}

export interface ViesClientOptions {
  /** The REST API's base, without /check-vat-number. */
  url: string;
  /** Our own VAT ID ('DE314772507'); without it VIES gives no consultation number. */
  requesterVatId?: string;
  timeoutMs: number;
}

/** A client of the VIES REST API with a hard timeout. */
export function createViesClient(options: ViesClientOptions): ViesClient {
  const endpoint = `${options.url.replace(/\/+$/, '')}/check-vat-number`;
  const requester = options.requesterVatId ? normalizeVatId(options.requesterVatId) : '';
  return {
    async check(vatId) {
      const id = normalizeVatId(vatId);
      const unavailable = (reason: string): ViesAnswer => ({ status: 'unavailable', vatId: id, reason });
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode: id.slice(0, 2),
            vatNumber: id.slice(2),
            ...(requester ? { requesterMemberStateCode: requester.slice(0, 2), requesterNumber: requester.slice(2) } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        body = await response.json().catch(() => null);
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return unavailable(timedOut ? `no answer within ${options.timeoutMs} ms` : `request failed: ${(error as Error).message}`);
      }
      const codes = errorCodes(body);
      if (codes.some((code) => INVALID_INPUT.has(code))) {
        return {
          status: 'invalid',
          vatId: id,
          requestDate: new Date(),
          requestIdentifier: null,
          name: '',
          address: '',
          cached: false,
        };
      }
      // Errors come as non-2xx or as 200 with actionSucceed false (MS_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, TIMEOUT...).
      const answer = body as Record<string, unknown> | null;
      if (!response.ok || codes.length > 0 || !answer || typeof answer.valid !== 'boolean') {
        return unavailable(codes.join(', ') || `HTTP ${response.status}`);
      }
      const requestDate = new Date(text(answer.requestDate));
      return {
        status: answer.valid ? 'valid' : 'invalid',
        vatId: id,
        requestDate: Number.isNaN(requestDate.getTime()) ? new Date() : requestDate,
        requestIdentifier: text(answer.requestIdentifier) || null,
        name: text(answer.name),
        address: text(answer.address),
        cached: false,
      };
    },
  };
}

/** The client the app uses, from VIES_URL, VIES_REQUESTER_VAT_ID and VIES_TIMEOUT_MS. */
export const viesClientFromConfig = (config: Config) =>
  createViesClient({ url: config.VIES_URL, requesterVatId: config.VIES_REQUESTER_VAT_ID, timeoutMs: config.VIES_TIMEOUT_MS });

/**
 * VIES's answer for a VAT ID, from the vies_checks table while fresh, else from VIES (then stored:
 * valid for VIES_VALID_TTL_MS, invalid for VIES_INVALID_TTL_MS). An unavailable service is not
 * stored, so the next order asks again.
 */
export async function checkVatIdCached(db: Db, client: ViesClient, vatId: string, now = new Date()): Promise<ViesAnswer> {
  const id = normalizeVatId(vatId);
  const [row] = await db.select().from(viesChecks).where(eq(viesChecks.vatId, id)).limit(1);
  if (row && row.expiresAt > now) {
    return {
      status: row.valid ? 'valid' : 'invalid',
      vatId: id,
      requestDate: row.requestDate,
      requestIdentifier: row.requestIdentifier,
      name: row.name,
      address: row.address,
      cached: true,
    };
  }
  const answer = await client.check(id);
  if (answer.status === 'unavailable') return answer;
  const values = {
    valid: answer.status === 'valid',
    requestDate: answer.requestDate,
    requestIdentifier: answer.requestIdentifier,
    name: answer.name,
    address: answer.address,
    checkedAt: now,
    expiresAt: new Date(now.getTime() + (answer.status === 'valid' ? VIES_VALID_TTL_MS : VIES_INVALID_TTL_MS)),
  };
  await db
    .insert(viesChecks)
    .values({ vatId: id, ...values })
    .onConflictDoUpdate({ target: viesChecks.vatId, set: values });
  return answer;
}
