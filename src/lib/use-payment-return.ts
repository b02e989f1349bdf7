import { fetchPaymentSession } from './payment.ts';
import { useRequest } from './use-request.ts';
import type { Order, PaymentSessionStatus } from '../shared/contracts/registration.ts';

/** A provider may confirm a moment after the redirect: ask again a few times before saying so. */
const OPEN_RETRIES = 4;
const RETRY_DELAY_MS = 1500;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function settledSession(sessionId: string, signal: AbortSignal): Promise<PaymentSessionStatus> {
  let session = await fetchPaymentSession(sessionId);
  for (let attempt = 0; session.status === 'open' && attempt < OPEN_RETRIES; attempt++) {
    await wait(RETRY_DELAY_MS, signal);
    session = await fetchPaymentSession(sessionId);
  }
  return session;
}

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
    (signal) => (sessionId ? settledSession(sessionId, signal) : Promise.resolve(null)),
    [sessionId],
  );
  if (sessionId === null) return { kind: 'none' };
  if (request.status === 'loading') return { kind: 'checking' };
  if (request.status === 'error' || request.data === null) return { kind: 'unknown' };
  return { kind: request.data.status, order: request.data.order };
}
