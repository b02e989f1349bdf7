import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { registrationSteps, type StepState } from './registration-steps.ts';

const EMPTY: StepState = {
  pass: null,
  voucherCode: null,
  hotel: null,
  noHotel: false,
  firstName: '',
  lastName: '',
  address: null,
  account: null,
  surveyCompleted: false,
  order: null,
  finished: false,
};
const ADDRESS = { ...EMPTY_ADDRESS, countryId: 81, addressLine1: 'Europa-Park-Straße 2', zip: '77977', city: 'Rust' };
const STANDARD = { id: 1, name: 'Standard Pass', kind: 'paid', price: 0, isFree: true };
const HOTEL = {
  accommodationId: 3,
  roomId: 7,
  name: 'Hotel Colosseo',
  roomName: 'Superior Room',
  start: '2026-03-23',
  end: '2026-03-27',
  nights: 4,
  pricePerNight: 18_900,
};
const ORDER = {
  id: '00000000-0000-4000-8000-000000000000',
  status: 'open' as const,
  lines: [],
  net: 0,
  vatBreakdown: [],
  vat: 0,
  gross: 0,
  passStatus: 'pending' as const,
  invoiceNumber: null,
  kind: 'registration' as const,
};

const statuses = (pathname: string, state: StepState = EMPTY) => registrationSteps(pathname, state).map((s) => s.status);

describe('registrationSteps', () => {
  it('lists the five steps with their sub-labels and links', () => {
    const steps = registrationSteps('/registration/hotel', EMPTY);
    expect(steps.map((s) => s.label)).toEqual(['Pass', 'Hotel', 'Your Account', 'Survey', 'Checkout']);
    expect(steps[0]?.hint).toBe('choose your pass type');
    expect(steps[1]?.hint).toBe('book your hotel room');
    expect(steps.map((s) => s.to)).toEqual([
      '/registration',
      '/registration/hotel',
      '/registration/account',
      '/registration/survey',
      '/registration/checkout',
    ]);
  });

  it('marks the current page active and the rest pending without state', () => {
    expect(statuses('/registration/hotel/')).toEqual(['pending', 'active', 'pending', 'pending', 'pending']);
  });

  it('completes steps by the registration state', () => {
    const state: StepState = {
      ...EMPTY,
      pass: STANDARD,
      voucherCode: { code: 'CF26', codeType: 'discount', valid: true },
      noHotel: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: ADDRESS,
    };
    expect(statuses('/registration/survey', state)).toEqual(['complete', 'complete', 'complete', 'active', 'pending']);
    const [pass, hotel, account] = registrationSteps('/registration/survey', state);
    expect(pass?.summary).toBe('Standard Pass · CF26');
    expect(hotel?.summary).toBe('No hotel');
    expect(account?.summary).toBe('Ada Lovelace');
  });

  it('shows the hotel name', () => {
    const [, hotel] = registrationSteps('/registration/account', { ...EMPTY, pass: STANDARD, hotel: HOTEL });
    expect(hotel).toMatchObject({ summary: 'Hotel Colosseo', status: 'complete' });
  });

  it('keeps the account pending without a billing address that counts', () => {
    const named = { ...EMPTY, firstName: 'Ada', lastName: 'Lovelace' };
    expect(statuses('/registration', named)[2]).toBe('pending');
    expect(statuses('/registration', { ...named, address: { ...ADDRESS, addressLine1: 'A' } })[2]).toBe('pending');
    expect(statuses('/registration', { ...named, address: { ...ADDRESS, countryId: null } })[2]).toBe('pending');
    expect(statuses('/registration', { ...EMPTY, address: ADDRESS })[2]).toBe('pending');
    expect(statuses('/registration', { ...named, address: ADDRESS })[2]).toBe('complete');
  });

  it("shows 'Completed' for the survey and completes checkout when the order is paid or free", () => {
    const state = { ...EMPTY, surveyCompleted: true, order: ORDER };
    expect(registrationSteps('/registration/hotel', state)[3]).toMatchObject({ status: 'complete', summary: 'Completed' });
    expect(statuses('/registration/hotel', state)[4]).toBe('pending');
    expect(statuses('/registration/hotel', { ...state, order: { ...ORDER, status: 'paid' } })[4]).toBe('complete');
    expect(statuses('/registration/hotel', { ...state, order: { ...ORDER, status: 'free' } })[4]).toBe('complete');
  });

  it('keeps checkout pending until the saved order is placed, even when there is nothing to pay', () => {
    // The checkout page prices a free pass as an open order of €0.00: not placed yet.
    const priced = { ...EMPTY, surveyCompleted: true, order: { ...ORDER, status: 'open' as const, gross: 0 } };
    expect(registrationSteps('/registration/survey', priced)[4]).toMatchObject({ status: 'pending', summary: '' });
    const placed = { ...priced, order: { ...ORDER, status: 'free' as const } };
    expect(registrationSteps('/registration/survey', placed)[4]).toMatchObject({ status: 'complete', summary: 'Completed' });
    const unpaid = { ...priced, order: { ...ORDER, status: 'open' as const, net: 29_900, vat: 5_681, gross: 35_581 } };
    expect(registrationSteps('/registration/survey', unpaid)[4]).toMatchObject({ status: 'pending', summary: '' });
  });

  it('keeps the current page active even when its step is done', () => {
    expect(statuses('/registration/hotel', { ...EMPTY, pass: STANDARD, noHotel: true })).toEqual([
      'complete',
      'active',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('completes every step on the finish page', () => {
    expect(statuses('/registration/finish').every((s) => s === 'complete')).toBe(true);
  });
});
