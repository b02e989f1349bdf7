import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '#shared/contracts/user.ts';

export { LANGUAGES, type Language };

/** The source language: every text exists in it first, and anything we cannot tell falls back to it. */
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** Ranges with q=0 are refusals, not wishes (RFC 9110 §12.4.2). */
const RANGE = /^([a-z]{1,8}|\*)(?:-[a-z0-9]{1,8})*$/i;

/**
 * The product language an Accept-Language header prefers (RFC 9110 §12.5.4): the ranges sorted by
 * their q-values (ties keep the header's order), the first whose primary subtag we have texts for.
 * 'de-AT, en;q=0.5' → de; 'fr, de;q=0.8' → de; 'en-US,de' → en; '*', nonsense or nothing → en.
 */
export function preferredLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANGUAGE;
  const ranges = value
    // A header is small; a hostile one is cut rather than sorted in full.
    .split(',', 32)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ range, q }) => RANGE.test(range) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    const primary = range.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The language a request prefers by its Accept-Language header (anonymous answers, new accounts). */
export const requestLanguage = (request: Pick<FastifyRequest, 'headers'>): Language =>
  preferredLanguage(request.headers['accept-language']);
