import { describe, expect, it } from 'vitest';
import { SINGLE_LINE_MESSAGE } from '#shared/text.ts';
import { MESSAGES } from '#shared/messages.ts';
import { REVERSE_CHARGE_NOTE } from '#shared/pricing.ts';
import { SHUTTING_DOWN, STARTING_UP } from '../plugins/readiness.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../plugins/text-guard.ts';
import { ACCOUNT_MESSAGES } from '../routes/registration/account.ts';
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../routes/user/password.ts';
import { CATALOGUES } from './catalogues.ts';
import { type ProblemKey, localizeProblemText, problemTitle } from './problems.ts';

/**
 * English problem texts are found by their words (server/i18n/problems.ts), so the English
 * catalogue must say exactly what the code throws: this holds each constant to its key.
 */
const THROWN: Record<string, string> = {
  'password.rule': MESSAGES.passwordRule,
  'password.tooWeak': MESSAGES.passwordTooWeak,
  'password.wrongCurrent': WRONG_CURRENT_PASSWORD,
  'password.same': SAME_PASSWORD,
  'registration.invalidVatId': MESSAGES.invalidVatId,
  'registration.freePassesGone': MESSAGES.freePassesGone,
  'registration.passTypeUnavailable': ACCOUNT_MESSAGES.passTypeUnavailable,
  'registration.voucherRequired': ACCOUNT_MESSAGES.voucherRequired,
  'registration.voucherInvalid': ACCOUNT_MESSAGES.voucherInvalid,
  'registration.voucherExpired': ACCOUNT_MESSAGES.voucherExpired,
  'registration.voucherUsedUp': ACCOUNT_MESSAGES.voucherUsedUp,
  'registration.addressIncomplete': ACCOUNT_MESSAGES.addressIncomplete,
  'registration.unknownCountry': ACCOUNT_MESSAGES.unknownCountry,
  'registration.freeClaimExpired': ACCOUNT_MESSAGES.freeClaimExpired,
  'registration.tooManyHolds': ACCOUNT_MESSAGES.tooManyHolds,
  'registration.blacklisted': ACCOUNT_MESSAGES.blacklisted,
  'registration.grayListed': ACCOUNT_MESSAGES.grayListed,
  'registration.hostNotInvited': ACCOUNT_MESSAGES.hostNotInvited,
  'field.singleLine': SINGLE_LINE_MESSAGE,
  'field.unstorable': UNSTORABLE_TEXT_MESSAGE,
  'server.startingUp': STARTING_UP,
  'server.shuttingDown': SHUTTING_DOWN,
};

describe('the English problem catalogue', () => {
  it('says word for word what the code throws', () => {
    const en: Record<string, string> = CATALOGUES.en.problems;
    for (const [key, thrown] of Object.entries(THROWN)) expect({ key, text: en[key] }).toEqual({ key, text: thrown });
  });

  it("holds the order mail's reverse-charge note to the checkout's", () => {
    expect(CATALOGUES.en.mail['order.reverseCharge']).toBe(REVERSE_CHARGE_NOTE);
    expect(CATALOGUES.en.pdf['reverseCharge.note']).toBe(REVERSE_CHARGE_NOTE);
  });
});

describe('localizeProblemText', () => {
  it('leaves English exactly as thrown, known or not', () => {
    expect(localizeProblemText(MESSAGES.passwordRule, 'en')).toBe(MESSAGES.passwordRule);
    expect(localizeProblemText('Something only the code knows.', 'en')).toBe('Something only the code knows.');
  });

  it('translates a known English text by its words, and keeps an unknown one', () => {
    expect(localizeProblemText(MESSAGES.passwordTooWeak, 'de')).toBe('Das Passwort ist zu schwach.');
    expect(localizeProblemText('Invoice not found.', 'de')).toBe('Rechnung nicht gefunden.');
    expect(localizeProblemText('Something only the code knows.', 'de')).toBe('Something only the code knows.');
  });

  it('words texts with values by key, with German plurals', () => {
    const text = (seconds: number) => ({ key: 'limit.account' as ProblemKey, values: { seconds } });
    expect(localizeProblemText('ignored', 'de', text(1))).toContain('in einer Sekunde erneut');
    expect(localizeProblemText('ignored', 'de', text(30))).toContain('in 30 Sekunden erneut');
  });

  it('titles by status, with a fallback for the rest', () => {
    expect(problemTitle(404, 'en')).toBe('Not Found');
    expect(problemTitle(404, 'de')).toBe('Nicht gefunden');
    expect(problemTitle(418, 'en')).toBe('Error');
    expect(problemTitle(418, 'de')).toBe('Fehler');
  });
});
