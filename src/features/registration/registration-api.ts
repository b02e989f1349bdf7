import { z } from 'zod/mini';
import type { Language } from '../../i18n/i18n.ts';
import { api } from '../../lib/api.ts';
import { surveyEntrySchema, surveyQuestionSchema } from '../../shared/contracts/catalog.ts';
import {
  eligibilitySchema,
  emailProviderSchema,
  type HotelChoice,
  type Order,
  orderSchema,
  registrationCheckInboxSchema,
} from '../../shared/contracts/registration.ts';
import type { RegistrationState } from './registration-state.ts';

/*
 * The calls of the registration steps Your Account, Survey and Checkout. Calls after the account
 * exists carry the registration token (scoped to registration calls) instead of a session token.
 */

export type Eligibility = z.infer<typeof eligibilitySchema>;

export function fetchEligibility(email: string, signal?: AbortSignal): Promise<Eligibility> {
  return api('/api/pass/check-eligibility', eligibilitySchema, { query: { email }, signal });
}

export async function fetchGrayListed(domain: string, signal?: AbortSignal): Promise<boolean> {
  const result = await api('/api/validation/email-provider', emailProviderSchema, { query: { domain }, signal });
  return result.grayListed;
}

// The country list is shared with the profile and visa forms; one cache for all of them.
export { fetchCountries } from '../../components/ui/country-select.tsx';

export interface AccountBody {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  address: {
    type: 'billingAddress';
    company: string;
    vatId: string;
    addressLine1: string;
    addressLine2: string;
    zip: string;
    city: string;
    state: string;
    countryId: number;
  };
  passTypeId: number;
  voucherCode: string | null;
  /** The free Standard Pass's hold from the Pass step. */
  freeClaimToken: string | null;
  /** The account's language for its mails and PDFs: the one the visitor registers in. */
  language?: Language;
}

/**
 * POST /api/registration/account: always `checkInbox` ("confirm first"): the registration
 * goes on from the link in the mail, which brings the registration token (POST /api/user/confirm).
 * The answer never says whether the address had an account.
 */
export function createAccount(body: AccountBody) {
  return api('/api/registration/account', registrationCheckInboxSchema, { method: 'POST', body });
}

const questionsSchema = z.array(surveyQuestionSchema);

export function fetchSurveyQuestions(token: string) {
  return api('/api/survey/questions/', questionsSchema, { token });
}

export function submitSurveyAnswers(token: string, answers: { questionId: number; value: string | string[] }[]) {
  return api('/api/survey/', z.array(surveyEntrySchema), { method: 'POST', body: { answers }, token });
}

/** The room to book with the order, or null for 'No hotel'. */
export function hotelChoiceOf(registration: Pick<RegistrationState, 'hotel'>): HotelChoice | null {
  const { hotel } = registration;
  return hotel ? { accommodationId: hotel.accommodationId, roomId: hotel.roomId, start: hotel.start, end: hotel.end } : null;
}

export function checkout(token: string, hotel: HotelChoice | null, place = false): Promise<Order> {
  return api('/api/registration/checkout', orderSchema, { method: 'POST', body: place ? { hotel, place } : { hotel }, token });
}

/** Where the payment provider sends the browser back (docs/behaviour.md §7 redirectSuccess / redirectCancel). */
export const PAYMENT_REDIRECTS = {
  redirectSuccess: '/registration/finish',
  redirectCancel: '/registration/checkout?payment=failed',
} as const;
