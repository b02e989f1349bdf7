import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/contracts/registration.ts';
import { bookingIdOfOrder, forgetPendingOrders, pendingOrderFor, rememberPendingOrder } from './pending-orders.ts';

const order = (id: string): Order => ({
  id,
  kind: 'hotel',
  status: 'open',
  lines: [{ kind: 'hotel', description: 'Hotel Krønasår, Nordic Double', quantity: 4, unitPrice: 22_900, net: 91_600 }],
  net: 91_600,
  vatRate: 0.19,
  vat: 17_404,
  gross: 109_004,
  reverseCharge: false,
  passStatus: 'approved',
  invoiceNumber: null,
});

const ORDER_A = '00000000-0000-4000-8000-00000000000a';
const ORDER_B = '00000000-0000-4000-8000-00000000000b';

/** Node has no sessionStorage: a Map stands in for the tab's storage. */
function installStorage() {
  const items = new Map<string, string>();
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
  return items;
}

describe('pending hotel orders', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = installStorage();
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('keeps the order of a held booking to pay it again', () => {
    rememberPendingOrder('booking-1', order(ORDER_A));
    expect(pendingOrderFor('booking-1')?.gross).toBe(109_004);
    expect(bookingIdOfOrder(ORDER_A)).toBe('booking-1');
    expect(pendingOrderFor('booking-2')).toBeNull();
  });

  it('moves a re-priced order to the new booking (one open hotel order per user)', () => {
    rememberPendingOrder('booking-1', order(ORDER_A));
    rememberPendingOrder('booking-2', order(ORDER_B));
    rememberPendingOrder('booking-3', order(ORDER_A));
    expect(pendingOrderFor('booking-1')).toBeNull();
    expect(bookingIdOfOrder(ORDER_A)).toBe('booking-3');
    expect(pendingOrderFor('booking-2')?.id).toBe(ORDER_B);
  });

  it('forgets orders whose bookings are no longer held, and clears the key when none is left', () => {
    rememberPendingOrder('booking-1', order(ORDER_A));
    rememberPendingOrder('booking-2', order(ORDER_B));
    forgetPendingOrders((id) => id === 'booking-2');
    expect(pendingOrderFor('booking-1')).toBeNull();
    forgetPendingOrders(() => false);
    expect(items.size).toBe(0);
  });

  it('treats unreadable storage as empty', () => {
    items.set('pending-hotel-orders', '{"booking-1":{"id":"not-an-order"}}');
    expect(pendingOrderFor('booking-1')).toBeNull();
    items.set('pending-hotel-orders', 'not json');
    expect(pendingOrderFor('booking-1')).toBeNull();
  });
});
