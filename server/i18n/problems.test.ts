import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANCELLATION_MESSAGES } from '#shared/booking-rules.ts';
import { MESSAGES } from '#shared/messages.ts';
import { ROOT } from '../paths.ts';
import { NOT_LEAD_SCANNER, NOT_ORGANIZER, NOT_STAFF } from '../plugins/access.ts';
import { SHUTTING_DOWN, STARTING_UP } from '../plugins/readiness.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../plugins/text-guard.ts';
import { BOOKING_MESSAGES } from '../routes/booking/create.ts';
import { GUEST_MESSAGES } from '../routes/booking/guests.ts';
import { NOT_TEAM_OWNER } from '../routes/lead/team.ts';
import { NOTHING_TO_RESEND } from '../routes/organizer/attendees.ts';
import { LIST_NAME_TAKEN, UNKNOWN_PASS_TYPE } from '../routes/organizer/checkin-lists.ts';
import { NOT_ORGANIZER as NOT_ORGANIZER_BADGES } from '../routes/pass/badges.ts';
import { UPGRADE_MESSAGES } from '../routes/pass/upgrade.ts';
import { PAYMENT_MESSAGES } from '../routes/payment/index.ts';
import { STRIPE_WEBHOOK_MESSAGES } from '../routes/payment/stripe.ts';
import { ACCOUNT_MESSAGES } from '../routes/registration/account.ts';
import { CHECKOUT_MESSAGES } from '../routes/registration/checkout.ts';
import { TRAIN_TICKET_MESSAGES } from '../routes/train-ticket/index.ts';
import { WRONG_DELETE_PASSWORD } from '../routes/user/account-data.ts';
import { WRONG_CONFIRM_PASSWORD } from '../routes/user/auth.ts';
import { AVATAR_TOO_LARGE, AVATAR_WRONG_TYPE } from '../routes/user/avatar.ts';
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../routes/user/password.ts';
import { VISA_MESSAGES } from '../routes/visa-letter/rules.ts';
import { CONFIRM_FIRST } from '../services/accounts/confirmed-account.ts';
import { SOLD_OUT } from '../services/hotels/booking.ts';
import { UNREADABLE_PICTURE } from '../services/images/avatar-images.ts';
import { LEAVE_TEAM_FIRST, OTHER_COMPANY } from '../services/leads/lead-team-invitations.ts';
import { NO_PASS } from '../services/passes/pass-decisions.ts';
import { CATALOGUES } from './catalogues.ts';
import { englishProblemText, localizeProblemText, type ProblemKey, problemTitle } from './problems.ts';

/**
 * English problem texts are found by their words (server/i18n/problems.ts), so the English
 * catalogue must say exactly what the code throws: this holds each constant to its key.
 */
const THROWN: Record<string, string | null | undefined> = {
  'signUp.wrongConfirmPassword': WRONG_CONFIRM_PASSWORD,
  'password.wrongCurrent': WRONG_CURRENT_PASSWORD,
  'password.same': SAME_PASSWORD,
  'account.deleteWrongPassword': WRONG_DELETE_PASSWORD,
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
  'field.unstorable': UNSTORABLE_TEXT_MESSAGE,
  'server.startingUp': STARTING_UP,
  'server.shuttingDown': SHUTTING_DOWN,

  'access.notOrganizer': NOT_ORGANIZER,
  'access.badgesOrganizersOnly': NOT_ORGANIZER_BADGES,
  'access.notStaff': NOT_STAFF,
  'access.notLeadScanner': NOT_LEAD_SCANNER,
  'checkout.noPass': CHECKOUT_MESSAGES.noPass,
  'checkout.passClosed': CHECKOUT_MESSAGES.passClosed,
  'checkout.alreadyCheckedOut': CHECKOUT_MESSAGES.alreadyCheckedOut,
  'checkout.confirmFirst': CONFIRM_FIRST,
  'payment.alreadyPaid': PAYMENT_MESSAGES.alreadyPaid,
  'payment.nothingToPay': PAYMENT_MESSAGES.nothingToPay,
  'payment.amountMismatch': PAYMENT_MESSAGES.amountMismatch,
  'payment.pending': PAYMENT_MESSAGES.paymentPending,
  'payment.externalRedirect': PAYMENT_MESSAGES.externalRedirect,
  'payment.stripeUnsigned': STRIPE_WEBHOOK_MESSAGES.unsigned,
  'payment.stripeBadSignature': STRIPE_WEBHOOK_MESSAGES.badSignature,
  'booking.notAllowed': BOOKING_MESSAGES.notAllowed,
  'notFound.room': BOOKING_MESSAGES.roomNotFound,
  'booking.roomGone': SOLD_OUT,
  'booking.noSpace': GUEST_MESSAGES.noSpace,
  'booking.cancelNotConfirmed': CANCELLATION_MESSAGES.notConfirmed,
  'booking.cancelArrived': CANCELLATION_MESSAGES.arrived,
  'booking.cancelEnded': CANCELLATION_MESSAGES.ended,
  'booking.cancelTooLate': CANCELLATION_MESSAGES.tooLate,
  'notFound.passType': UPGRADE_MESSAGES.typeNotFound,
  'upgrade.pending': UPGRADE_MESSAGES.pending,
  'upgrade.closed': UPGRADE_MESSAGES.closed,
  'upgrade.notUpgradeable': UPGRADE_MESSAGES.notUpgradeable,
  'upgrade.notBuyable': UPGRADE_MESSAGES.notBuyable,
  'notFound.trainTicketType': TRAIN_TICKET_MESSAGES.typeNotFound,
  'trainTicket.alreadyHave': TRAIN_TICKET_MESSAGES.alreadyHave,
  'visa.needsApprovedPass': VISA_MESSAGES.needsApprovedPass,
  'visa.unknownNationality': VISA_MESSAGES.unknownNationality,
  'visa.invalidDate': VISA_MESSAGES.invalidDate,
  'visa.birthInFuture': VISA_MESSAGES.birthInFuture,
  'visa.tooYoung': VISA_MESSAGES.tooYoung,
  'visa.passportTooShort': VISA_MESSAGES.passportTooShort,
  'avatar.tooLarge': AVATAR_TOO_LARGE,
  'avatar.wrongType': AVATAR_WRONG_TYPE,
  'avatar.unreadable': UNREADABLE_PICTURE,
  'attendee.noPass': NO_PASS,
  'attendee.nothingToResend': NOTHING_TO_RESEND,
  'leadTeam.notOwner': NOT_TEAM_OWNER,
  'leadTeam.otherCompany': OTHER_COMPANY,
  'leadTeam.leaveFirst': LEAVE_TEAM_FIRST,
  'checkinList.nameTaken': LIST_NAME_TAKEN,
  'checkinList.unknownPassType': UNKNOWN_PASS_TYPE,
};

/** The server's source files (tests and test helpers aside) and the shared request contracts. */
const sources = (folder: string) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing'))
    .map((file) => ({ file: `${folder}/${file}`, text: readFileSync(join(ROOT, folder, file), 'utf8') }));

const QUOTED = String.raw`'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"`;
const unquoted = (match: RegExpMatchArray, at: number) => (match[at] ?? match[at + 1] ?? '').replace(/\\(.)/g, '$1');

/**
 * The texts written as literals where they are thrown, which no constant names: a problem's detail
 * (`new HttpProblem(409, '…')`, a string constant of the file, the fallback after ??), a `message`
 * built for a field, notFound('What'), and the messages of zod checks (`error: '…'`, `.regex(re, '…')`;
 * in the contracts every capitalised literal that ends a check's arguments).
 */
function literalTexts(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { file, text } of sources('server')) {
    const constants = new Map(
      [...text.matchAll(new RegExp(String.raw`const (\w+) =\s*(?:${QUOTED});`, 'g'))].map((m) => [m[1], unquoted(m, 2)]),
    );
    for (const m of text.matchAll(new RegExp(String.raw`HttpProblem\(\s*\d{3},\s*(?:${QUOTED}|(\w+)\s*[,)])`, 'g'))) {
      const detail = m[3] === undefined ? unquoted(m, 1) : constants.get(m[3]);
      if (detail !== undefined) found.set(detail, file);
    }
    for (const m of text.matchAll(new RegExp(String.raw`HttpProblem\(\s*\d{3},[^,]*\?\?\s*(?:${QUOTED})`, 'g')))
      found.set(unquoted(m, 1), file);
    for (const m of text.matchAll(/const message =([^;]*);/g)) {
      for (const literal of (m[1] ?? '').matchAll(/'([A-Z][^'\n]*)'/g)) found.set(literal[1] ?? '', file);
    }
    for (const m of text.matchAll(/notFound\('([^'\n]*)'\)/g)) found.set(`${m[1]} not found.`, file);
    for (const m of text.matchAll(new RegExp(String.raw`(?:error:\s*|\.regex\(\w+,\s*)(?:${QUOTED})`, 'g')))
      found.set(unquoted(m, 1), file);
  }
  return found;
}

/** Sentences written as the message of a zod check in the shared contracts (there should be none: they name keys). */
function contractSentences(): string[] {
  return sources('src/shared/contracts').flatMap(({ file, text }) => {
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    return [...code.matchAll(/(?:,\s*|error:\s*|z\.email\(\s*)'([A-Z](?:[^'\\\n]|\\.)*)'\s*[),}]/g)].map(
      (m) => `${file}: ${unquoted(m, 1)}`,
    );
  });
}

describe('the English problem catalogue', () => {
  it('says word for word what the code throws', () => {
    const en: Record<string, string> = CATALOGUES.en.problems;
    for (const [key, thrown] of Object.entries(THROWN)) expect({ key, text: en[key] }).toEqual({ key, text: thrown });
  });

  it('has every text thrown as a literal, in a route, a service or a contract', () => {
    const english = new Set(Object.values(CATALOGUES.en.problems as Record<string, string>));
    const literals = literalTexts();
    // The patterns still find what they are for (a refactoring must not make this test pass by finding nothing).
    expect(literals.size).toBeGreaterThan(50);
    expect(literals.get('There is no account with this e-mail address.')).toBe('server/services/leads/lead-teams.ts');
    const missing = [...literals].filter(([text]) => !english.has(text)).map(([text, file]) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('words the keyed texts as the code did before they had keys', () => {
    const values = { passType: 'Business Pass', status: 'cancelled' };
    expect(englishProblemText({ key: 'attendee.reissueNotApproved', values })).toBe(
      'The Business Pass is cancelled: only an approved pass gets a new barcode.',
    );
    expect(englishProblemText({ key: 'attendee.alreadyClosed', values })).toBe('The Business Pass is already cancelled.');
    expect(englishProblemText({ key: 'attendee.passChanged', values })).toBe(
      'The Business Pass was changed meanwhile; please reload.',
    );
  });

  it('leaves the validation messages to the shared catalogue: the contracts name keys, not sentences', () => {
    expect(contractSentences()).toEqual([]);
  });
});

describe('localizeProblemText', () => {
  it('leaves English exactly as thrown, known or not', () => {
    expect(localizeProblemText(MESSAGES.passwordRule, 'en')).toBe(MESSAGES.passwordRule);
    expect(localizeProblemText('Something only the code knows.', 'en')).toBe('Something only the code knows.');
  });

  it('translates a known English text by its words, and keeps an unknown one', () => {
    expect(localizeProblemText(WRONG_CURRENT_PASSWORD, 'de')).toBe('Ihr aktuelles Passwort ist nicht korrekt.');
    expect(localizeProblemText('Invoice not found.', 'de')).toBe('Rechnung nicht gefunden.');
    expect(localizeProblemText(SOLD_OUT, 'de')).toBe('Dieses Zimmer ist für Ihren Zeitraum nicht mehr verfügbar.');
    expect(localizeProblemText('Something only the code knows.', 'de')).toBe('Something only the code knows.');
  });

  it('words texts with values by key, with German plurals', () => {
    const text = (seconds: number) => ({ key: 'limit.account' as ProblemKey, values: { seconds } });
    expect(localizeProblemText('ignored', 'de', text(1))).toContain('in einer Sekunde erneut');
    expect(localizeProblemText('ignored', 'de', text(30))).toContain('in 30 Sekunden erneut');
  });

  it("words a pass's status in German", () => {
    const text = (status: string) => ({
      key: 'attendee.reissueNotApproved' as ProblemKey,
      values: { passType: 'Business Pass', status },
    });
    expect(localizeProblemText('ignored', 'de', text('cancelled'))).toBe(
      'Der Business Pass ist storniert: Nur ein freigegebener Pass erhält einen neuen Barcode.',
    );
    expect(localizeProblemText('ignored', 'de', text('pending'))).toContain('ist noch nicht freigegeben:');
  });

  it('titles by status, with a fallback for the rest', () => {
    expect(problemTitle(404, 'en')).toBe('Not Found');
    expect(problemTitle(404, 'de')).toBe('Nicht gefunden');
    expect(problemTitle(418, 'en')).toBe('Error');
    expect(problemTitle(418, 'de')).toBe('Fehler');
  });
});
