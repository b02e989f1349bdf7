import { type ReactNode, useState } from 'react';
import type { PaymentRedirects } from '../../lib/payment.ts';
import { purchaseErrorMessage } from '../../lib/purchase.ts';
import type { RequestState } from '../../lib/use-request.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { LoadState } from './load-state.tsx';
import { OrderCheckout } from './order-checkout.tsx';

/**
 * The two steps of a purchase in the app: the order being checked out (an unpaid one the provider
 * sent back to start with) and the problem of the last attempt to order. `back` returns to the choice.
 */
export function useOrderStep(retryOrder: Order | null) {
  const [order, setOrder] = useState<Order | null>(retryOrder);
  const [problem, setProblem] = useState<string | null>(null);
  const back = () => {
    setOrder(null);
    setProblem(null);
  };
  return { order, setOrder, problem, setProblem, back };
}

interface PurchaseOptionsProps<T> {
  /** What can be bought, as loaded. */
  options: RequestState<readonly T[]> & { retry: () => void };
  /** The order to check out; the options stand while there is none. */
  order: Order | null;
  redirects: PaymentRedirects;
  /** OrderCheckout's hint and way back. */
  hint: string;
  backLabel: string;
  onBack: () => void;
  /** The loading sentence, the retry label and what stands when nothing is for sale. */
  loading: string;
  retryLabel: string;
  empty: ReactNode;
  /** The choice among the options. */
  children: (options: readonly T[]) => ReactNode;
}

/** Step 1 lists what can be bought (loading, failed, none, the choice); step 2 checks out the order. */
export function PurchaseOptions<T>({
  options,
  order,
  redirects,
  hint,
  backLabel,
  onBack,
  loading,
  retryLabel,
  empty,
  children,
}: PurchaseOptionsProps<T>) {
  if (order) return <OrderCheckout order={order} redirects={redirects} hint={hint} backLabel={backLabel} onBack={onBack} />;
  return (
    <LoadState state={options} loading={loading} error={purchaseErrorMessage} retryLabel={retryLabel}>
      {(list) => (list.length === 0 ? empty : children(list))}
    </LoadState>
  );
}
