import type { Order, PaymentSessionStatus } from '../shared/contracts/registration.ts';
import { settledPaymentSession } from './payment.ts';
import { useRequest } from './use-request.ts';

export type PaymentReturn =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'succeeded' | 'failed' | 'open'; order: Order }
  /** The outcome could not be fetched (offline, server error): say so, never guess. */
  | { kind: 'unknown' };

/**
 * The outcome of the payment the provider just sent the browser back from (`?session=<id>`);
 * 'none' without a session id. 'open' means the provider has not confirmed yet.
 */
export function usePaymentReturn(sessionId: string | null): PaymentReturn {
  const request = useRequest<PaymentSessionStatus | null>(
    (signal) => (sessionId ? settledPaymentSession(sessionId, undefined, signal) : Promise.resolve(null)),
    [sessionId],
  );
  if (sessionId === null) return { kind: 'none' };
  if (request.status === 'loading') return { kind: 'checking' };
  if (request.status === 'error' || request.data === null) return { kind: 'unknown' };
  return { kind: request.data.status, order: request.data.order };
}
