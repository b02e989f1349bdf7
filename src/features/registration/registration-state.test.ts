import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/session.ts';
import { EMPTY_REGISTRATION, readStoredRegistration } from './registration-state.ts';

afterEach(() => vi.unstubAllGlobals());

function stored(value: unknown) {
  const storage = new MemoryStorage();
  storage.setItem('registration', JSON.stringify(value));
  vi.stubGlobal('localStorage', storage);
}

describe('the stored registration', () => {
  it('keeps the registration but drops an order priced before VAT per rate', () => {
    const oldOrder = {
      id: '00000000-0000-4000-8000-000000000000',
      kind: 'registration',
      status: 'open',
      lines: [{ kind: 'pass', description: 'Business Pass', quantity: 1, unitPrice: 29_900, net: 29_900 }],
      net: 29_900,
      vatRate: 0.19,
      vat: 5_681,
      gross: 35_581,
      reverseCharge: false,
      passStatus: 'pending',
      invoiceNumber: null,
    };
    stored({ ...EMPTY_REGISTRATION, email: 'jane@company.example', order: oldOrder });
    expect(readStoredRegistration()).toEqual({ ...EMPTY_REGISTRATION, email: 'jane@company.example', order: null });
  });

  it('starts afresh from anything else it cannot read', () => {
    stored({ email: 42 });
    expect(readStoredRegistration()).toEqual(EMPTY_REGISTRATION);
    stored(null);
    expect(readStoredRegistration()).toEqual(EMPTY_REGISTRATION);
  });
});
