import { z } from 'zod/mini';
import { type Order, orderSchema } from '../../shared/contracts/registration.ts';

/**
 * The open hotel orders of this tab, by booking id. POST /api/booking answers the order only once,
 * and a held booking does not name it; keeping it lets a user whose payment failed or who came back
 * without paying pay the held room again. Session storage: it lives as long as the tab, the hold
 * lasts minutes anyway. Read back through zod; anything unreadable counts as nothing stored.
 */
const KEY = 'pending-hotel-orders';
const storedSchema = z.record(z.string(), orderSchema);

function read(): Record<string, Order> {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function write(orders: Record<string, Order>): void {
  try {
    if (Object.keys(orders).length === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(orders));
  } catch {
    // storage blocked or full: paying again is a convenience
  }
}

/** A user has one open hotel order: booking another room re-prices it, so older entries of it go. */
export function rememberPendingOrder(bookingId: string, order: Order): void {
  const others = Object.entries(read()).filter(([, stored]) => stored.id !== order.id);
  write({ ...Object.fromEntries(others), [bookingId]: order });
}

export function pendingOrderFor(bookingId: string): Order | null {
  return read()[bookingId] ?? null;
}

/** The booking whose order this is, if this tab started it. */
export function bookingIdOfOrder(orderId: string): string | null {
  return Object.entries(read()).find(([, order]) => order.id === orderId)?.[0] ?? null;
}

/** Forgets orders that are paid, or whose bookings are no longer held. */
export function forgetPendingOrders(keep: (bookingId: string) => boolean): void {
  const orders = read();
  write(Object.fromEntries(Object.entries(orders).filter(([bookingId]) => keep(bookingId))));
}
