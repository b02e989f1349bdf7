import { describe, expect, it } from 'vitest';
import { hostCodeBlocked } from '../shared/registration-rules.ts';
import {
  type GuardSnapshot,
  guestOnlyDecision,
  kioskDecision,
  legacyRegistrationTarget,
  mainAreaDecision,
  normalizePath,
  parseAccommodationId,
  type RegistrationGuardState,
  registrationOrderComplete,
  registrationStepDecision,
  signInPath,
} from './guards.ts';

const attendee: GuardSnapshot = {
  signedIn: true,
  isVendor: false,
  isLeadScanner: false,
  isStaff: false,
  isOrganizer: false,
  hasPass: true,
  surveyCookie: undefined,
  surveyEntryDates: ['2026-01-10'],
  surveyStartDate: '2026-01-01',
  hasSurveyQuestions: true,
};
const place = (pathname: string, search = '') => ({ pathname, search });
const EMPTY: RegistrationGuardState = {
  pass: null,
  voucherCode: null,
  account: null,
  order: null,
  finished: false,
  eligibilityCheckComplete: false,
  isWhitelisted: false,
};

describe('signInPath', () => {
  it('remembers the page and query', () => {
    expect(signInPath(place('/invoices', '?page=2'))).toBe('/sign-in?redirect=%2Finvoices%3Fpage%3D2');
    expect(new URLSearchParams(signInPath(place('/pass/')).split('?')[1]).get('redirect')).toBe('/pass');
  });

  it('stays short for the dashboard and adds the approval reason', () => {
    expect(signInPath(place('/'))).toBe('/sign-in');
    expect(signInPath(place('/'), 'approval')).toBe('/sign-in?reason=approval');
    expect(signInPath(place('/agenda'), 'approval')).toBe('/sign-in?reason=approval&redirect=%2Fagenda');
  });
});

describe('mainAreaDecision', () => {
  it('sends signed-out users to sign-in', () => {
    expect(mainAreaDecision({ ...attendee, signedIn: false }, place('/pass'))).toEqual({
      type: 'redirect',
      to: '/sign-in?redirect=%2Fpass',
    });
    expect(mainAreaDecision({ ...attendee, signedIn: false }, place('/'), 'approval')).toEqual({
      type: 'redirect',
      to: '/sign-in?reason=approval',
    });
  });

  it('lets a signed-in attendee with current answers through', () => {
    expect(mainAreaDecision(attendee, place('/'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision(attendee, place('/pass/upgrade'))).toEqual({ type: 'allow' });
  });

  it('sends users without counting answers to the survey, remembering the page', () => {
    const fresh = { ...attendee, surveyEntryDates: [] };
    expect(mainAreaDecision(fresh, place('/agenda', '?day=2'))).toEqual({
      type: 'redirect',
      to: '/survey',
      surveyReturnPath: '/agenda?day=2',
    });
    const lastYear = { ...attendee, surveyEntryDates: ['2025-02-01'] };
    expect(mainAreaDecision(lastYear, place('/')).type).toBe('redirect');
  });

  it('respects the skip cookie, unknown entries and an empty questionnaire', () => {
    const fresh = { ...attendee, surveyEntryDates: [] };
    expect(mainAreaDecision({ ...fresh, surveyCookie: 'skip' }, place('/'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...fresh, surveyEntryDates: null }, place('/'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...fresh, hasSurveyQuestions: false }, place('/'))).toEqual({ type: 'allow' });
  });

  it('sends users who already answered away from /survey, but lets others (even skippers) answer', () => {
    expect(mainAreaDecision(attendee, place('/survey'))).toEqual({ type: 'redirect', to: '/' });
    const fresh = { ...attendee, surveyEntryDates: [] };
    expect(mainAreaDecision(fresh, place('/survey'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...fresh, surveyCookie: 'skip' }, place('/survey/'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...attendee, surveyEntryDates: ['2025-02-01'] }, place('/survey'))).toEqual({
      type: 'allow',
    });
  });

  it('keeps /contacts for lead scanners', () => {
    expect(mainAreaDecision(attendee, place('/contacts', '?currentTab=scan'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision({ ...attendee, isLeadScanner: true }, place('/contacts', '?currentTab=scan'))).toEqual({
      type: 'allow',
    });
  });

  it("opens the contacts page's team tab to vendors, who answer team invitations there", () => {
    const vendor = { ...attendee, isVendor: true, hasPass: true };
    expect(mainAreaDecision(vendor, place('/contacts', '?currentTab=team'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision(vendor, place('/contacts', '?currentTab=scan'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision(vendor, place('/contacts'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision(attendee, place('/contacts', '?currentTab=team'))).toEqual({ type: 'redirect', to: '/' });
  });

  it('keeps /check-in for staff', () => {
    expect(mainAreaDecision(attendee, place('/check-in'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision({ ...attendee, isLeadScanner: true }, place('/check-in/'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision({ ...attendee, isStaff: true }, place('/check-in'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...attendee, isStaff: true }, place('/contacts'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision(attendee, place('/organizer/approvals'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision({ ...attendee, isStaff: true }, place('/organizer'))).toEqual({ type: 'redirect', to: '/' });
    expect(mainAreaDecision({ ...attendee, isOrganizer: true }, place('/organizer/attendees'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision(attendee, place('/organizers'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...attendee, isStaff: true, signedIn: false }, place('/check-in'))).toEqual({
      type: 'redirect',
      to: '/sign-in?redirect=%2Fcheck-in',
    });
  });

  it('sends vendors without a pass to /pass', () => {
    const vendor = { ...attendee, isVendor: true, hasPass: false };
    expect(mainAreaDecision(vendor, place('/'))).toEqual({ type: 'redirect', to: '/pass' });
    expect(mainAreaDecision(vendor, place('/accommodation/book'))).toEqual({ type: 'redirect', to: '/pass' });
    expect(mainAreaDecision(vendor, place('/pass'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision(vendor, place('/pass/upgrade'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision(vendor, place('/profile/'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...vendor, hasPass: true }, place('/'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...attendee, hasPass: false }, place('/'))).toEqual({ type: 'allow' });
  });

  it('never bounces a vendor without a pass between /survey and /pass', () => {
    const vendor = { ...attendee, isVendor: true, hasPass: false, surveyEntryDates: [] };
    expect(mainAreaDecision(vendor, place('/'))).toMatchObject({ to: '/survey' });
    expect(mainAreaDecision(vendor, place('/survey'))).toEqual({ type: 'allow' });
    expect(mainAreaDecision({ ...vendor, surveyCookie: 'skip' }, place('/'))).toEqual({ type: 'redirect', to: '/pass' });
  });
});

describe('guest-only and registration pages', () => {
  it('sends signed-in users home', () => {
    expect(guestOnlyDecision(true)).toEqual({ type: 'redirect', to: '/' });
    expect(guestOnlyDecision(false)).toEqual({ type: 'allow' });
  });

  it('sends deeper registration pages without state to the landing, keeping the query', () => {
    for (const step of ['hotel', 'account', 'survey', 'checkout', 'finish']) {
      expect(registrationStepDecision(place(`/registration/${step}`, '?voucher=X1'), EMPTY)).toEqual({
        type: 'redirect',
        to: '/registration?voucher=X1',
      });
    }
    expect(registrationStepDecision(place('/registration'), EMPTY)).toEqual({ type: 'allow' });
  });

  it('opens hotel and account with a pass, survey and checkout with an account', () => {
    const withPass = { ...EMPTY, pass: { id: 1 } };
    const withAccount = { ...withPass, account: { uuid: 'u' } };
    expect(registrationStepDecision(place('/registration/hotel/'), withPass)).toEqual({ type: 'allow' });
    expect(registrationStepDecision(place('/registration/account'), withPass)).toEqual({ type: 'allow' });
    expect(registrationStepDecision(place('/registration/survey'), withPass)).toMatchObject({ to: '/registration' });
    expect(registrationStepDecision(place('/registration/checkout'), withPass)).toMatchObject({ to: '/registration' });
    expect(registrationStepDecision(place('/registration/survey'), withAccount)).toEqual({ type: 'allow' });
    expect(registrationStepDecision(place('/registration/checkout'), withAccount)).toEqual({ type: 'allow' });
    expect(registrationStepDecision(place('/registration/finish'), withAccount)).toMatchObject({ to: '/registration' });
  });

  it('opens finish for a paid, free or finished order, or on the payment return', () => {
    const withAccount = { ...EMPTY, pass: { id: 1 }, account: { uuid: 'u' } };
    const finish = place('/registration/finish');
    expect(registrationStepDecision(finish, { ...withAccount, order: { status: 'paid' } })).toEqual({ type: 'allow' });
    expect(registrationStepDecision(finish, { ...withAccount, order: { status: 'free' } })).toEqual({ type: 'allow' });
    expect(registrationStepDecision(finish, { ...withAccount, finished: true })).toEqual({ type: 'allow' });
    expect(registrationStepDecision(finish, { ...withAccount, order: { status: 'open' } })).toMatchObject({
      to: '/registration',
    });
    expect(registrationStepDecision(place('/registration/finish', '?session=ps_1'), EMPTY)).toEqual({ type: 'allow' });
    expect(registrationStepDecision(place('/registration/finish', '?session='), EMPTY)).toMatchObject({
      to: '/registration?session=',
    });
  });

  it('sends a host code that is not whitelisted back to the landing once the check ran', () => {
    const host = { ...EMPTY, pass: { id: 9 }, voucherCode: { codeType: 'host' } };
    expect(hostCodeBlocked(host)).toBe(false); // not checked yet
    expect(hostCodeBlocked({ ...host, eligibilityCheckComplete: true, isWhitelisted: true })).toBe(false);
    const blocked = { ...host, eligibilityCheckComplete: true };
    expect(hostCodeBlocked(blocked)).toBe(true);
    expect(hostCodeBlocked({ ...blocked, voucherCode: { codeType: 'discount' } })).toBe(false);
    expect(registrationStepDecision(place('/registration/account', '?a=1'), blocked)).toEqual({
      type: 'redirect',
      to: '/registration?a=1',
    });
    expect(registrationStepDecision(place('/registration'), blocked)).toEqual({ type: 'allow' });
  });

  it('knows when the order is complete', () => {
    expect(registrationOrderComplete({ order: null, finished: false })).toBe(false);
    expect(registrationOrderComplete({ order: { status: 'open' }, finished: false })).toBe(false);
    expect(registrationOrderComplete({ order: { status: 'free' }, finished: false })).toBe(true);
  });

  it('maps legacy registration paths', () => {
    expect(legacyRegistrationTarget(place('/registration-old', '?a=1'))).toBe('/registration?a=1');
    expect(legacyRegistrationTarget(place('/registration-old/checkout/'))).toBe('/registration/checkout');
  });
});

describe('helpers', () => {
  it('normalises trailing slashes', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/pass/')).toBe('/pass');
    expect(normalizePath('//')).toBe('/');
  });

  it('accepts only positive integer accommodation ids', () => {
    expect(parseAccommodationId('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '1e3', '012', 'abc', '', ' 1', '99999999999', undefined]) {
      expect(parseAccommodationId(bad)).toBeNull();
    }
  });
});

describe('kioskDecision', () => {
  const staff = { ...attendee, isStaff: true };
  const organizer = { ...attendee, isOrganizer: true };

  it('sends signed-out visitors to sign in and back to the kiosk', () => {
    expect(kioskDecision({ ...staff, signedIn: false }, place('/kiosk'), false)).toEqual({
      type: 'redirect',
      to: '/sign-in?redirect=%2Fkiosk',
    });
    expect(kioskDecision({ ...staff, signedIn: false }, place('/kiosk'), true, 'approval')).toEqual({
      type: 'redirect',
      to: '/sign-in?reason=approval&redirect=%2Fkiosk',
    });
  });

  it('lets staff and organizers set the kiosk up, and sends anyone else to /', () => {
    expect(kioskDecision(staff, place('/kiosk'), false)).toEqual({ type: 'allow' });
    expect(kioskDecision(organizer, place('/kiosk'), false)).toEqual({ type: 'allow' });
    expect(kioskDecision(attendee, place('/kiosk'), false)).toEqual({ type: 'redirect', to: '/' });
    const leadScanner: GuardSnapshot = { ...attendee, isVendor: true, isLeadScanner: true };
    expect(kioskDecision(leadScanner, place('/kiosk'), false)).toEqual({ type: 'redirect', to: '/' });
  });

  it('keeps anyone signed in on a device in kiosk mode (the page asks for staff; / would lead back here)', () => {
    expect(kioskDecision(attendee, place('/kiosk'), true)).toEqual({ type: 'allow' });
  });
});
