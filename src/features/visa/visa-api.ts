import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { type VisaLetter, type VisaLetterBody, visaLetterSchema } from '../../shared/contracts/account.ts';

/** GET /api/visa-letter: the user's letter, or null before the first request. */
export function fetchVisaLetter(signal?: AbortSignal): Promise<VisaLetter | null> {
  return api('/api/visa-letter', z.nullable(visaLetterSchema), { signal });
}

/** POST /api/visa-letter: creates the letter or replaces its details (403 without an approved pass). */
export function submitVisaLetter(body: VisaLetterBody): Promise<VisaLetter> {
  return api('/api/visa-letter', visaLetterSchema, { method: 'POST', body });
}

/** The PDF; a plain link works because the session cookie authenticates safe requests. */
export const visaLetterPdfUrl = (letter: Pick<VisaLetter, 'id'>) => `/api/visa-letter/${encodeURIComponent(letter.id)}/pdf`;
