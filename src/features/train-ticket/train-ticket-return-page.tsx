import { OrderCheckout } from '../../components/ui/order-checkout.tsx';
import { useAtom } from 'jotai';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { trainTicketAtom } from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { TrainTicket } from '../../shared/contracts/catalog.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { Notice } from '../../components/ui/notice.tsx';
import { purchaseErrorMessage } from '../../lib/purchase.ts';
import { usePaymentReturn } from '../../lib/use-payment-return.ts';
import { fetchTrainTicket, fetchTrainTicketTypes, orderTrainTicket, TRAIN_TICKET_REDIRECTS } from './train-ticket-api.ts';
import { TrainTicketCard } from './train-ticket-card.tsx';
import './train-ticket.css';

/**
 * /train-ticket/buy/return: choose a return ticket, review the order, pay with the provider. The
 * provider comes back here with `?session=` (and `payment=failed` when it failed): a paid ticket is
 * loaded and shown, a failed payment can be tried again. Someone who already has a ticket sees it.
 */
export function TrainTicketReturnPage() {
  const [search] = useSearchParams();
  const payment = usePaymentReturn(search.get('session'));
  const failedPayment = search.get('payment') === 'failed' || payment.kind === 'failed';
  const [ticket, setTicket] = useAtom(trainTicketAtom);
  const [loadingTicket, setLoadingTicket] = useState(false);

  // Paid: the ticket exists on the server now. Load it into the session (SPEC §8: keep what we have on failure).
  useEffect(() => {
    if (payment.kind !== 'succeeded') return;
    const controller = new AbortController();
    setLoadingTicket(true);
    fetchTrainTicket(controller.signal)
      .then(
        (fresh) => {
          if (fresh) setTicket(fresh);
        },
        () => undefined,
      )
      .finally(() => {
        if (!controller.signal.aborted) setLoadingTicket(false);
      });
    return () => controller.abort();
  }, [payment.kind, setTicket]);

  let body: ReactNode;
  if (payment.kind === 'checking' || loadingTicket) {
    body = (
      <p className="card" role="status" aria-busy="true">
        {payment.kind === 'checking' ? 'Confirming your payment…' : 'Getting your ticket…'}
      </p>
    );
  } else if (payment.kind === 'succeeded') {
    body = (
      <>
        <Notice tone="success" role="alert">
          <strong>Payment received.</strong> Your train ticket is booked.
          {payment.order.invoiceNumber ? ` Invoice ${payment.order.invoiceNumber} is in your invoices.` : ''}
        </Notice>
        {ticket ? (
          <TrainTicketCard ticket={ticket} />
        ) : (
          <Notice tone="warning">Your ticket could not be loaded right now. It will appear on your train ticket page.</Notice>
        )}
        <div className="cluster">
          <Link to="/train-ticket" className="btn btn-primary">
            Go to your train ticket
          </Link>
          <Link to="/invoices" className="btn btn-secondary">
            Your invoices
          </Link>
        </div>
      </>
    );
  } else if (ticket) {
    body = (
      <>
        <Notice tone="info">You already have a train ticket for CloudFest 2026: one ticket per attendee.</Notice>
        <TrainTicketCard ticket={ticket} />
        <div>
          <Link to="/train-ticket" className="btn btn-secondary">
            Back to your train ticket
          </Link>
        </div>
      </>
    );
  } else {
    const retryOrder = payment.kind === 'failed' || payment.kind === 'open' ? payment.order : null;
    body = (
      <>
        {failedPayment ? (
          <Notice tone="danger" role="alert">
            <strong>Your payment was not successful.</strong> Nothing has been charged. Please try again.
          </Notice>
        ) : null}
        {payment.kind === 'open' ? (
          <Notice tone="warning">
            Your payment has not been confirmed yet. If you completed it, please reload this page in a minute.
          </Notice>
        ) : null}
        {payment.kind === 'unknown' ? (
          <Notice tone="warning">We could not check your payment right now. Please reload this page.</Notice>
        ) : null}
        <TicketPurchase key={retryOrder?.id ?? 'new'} retryOrder={retryOrder} onTicketExists={setTicket} />
      </>
    );
  }

  return (
    <div className="train-ticket-page">
      <PageHeader title="Buy a return ticket" documentTitle="Train Ticket" />
      {body}
    </div>
  );
}

interface TicketPurchaseProps {
  retryOrder: Order | null;
  /** Called with the user's ticket when the server says they already have one (409). */
  onTicketExists: (ticket: TrainTicket) => void;
}

/** Step 1: choose the ticket type; step 2: the server's order with VAT, then off to the payment provider. */
function TicketPurchase({ retryOrder, onTicketExists }: TicketPurchaseProps) {
  const types = useRequest(fetchTrainTicketTypes, []);
  const [chosen, setChosen] = useState<number | null>(null);
  const [order, setOrder] = useState<Order | null>(retryOrder);
  const [ordering, setOrdering] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const selectedId = chosen ?? (types.status === 'ready' ? (types.data[0]?.id ?? null) : null);

  const review = async (event: FormEvent) => {
    event.preventDefault();
    if (selectedId === null) return;
    setOrdering(true);
    setProblem(null);
    try {
      setOrder(await orderTrainTicket(selectedId));
    } catch (error) {
      setProblem(purchaseErrorMessage(error));
      // 409: a ticket exists already (bought in another tab): show it instead of the form.
      if (error instanceof ApiError && error.status === 409) {
        const existing = await fetchTrainTicket().catch(() => null);
        if (existing) onTicketExists(existing);
      }
    } finally {
      setOrdering(false);
    }
  };

  if (order) {
    return (
      <OrderCheckout
        order={order}
        redirects={TRAIN_TICKET_REDIRECTS}
        hint="You will be taken to the secure page of our payment provider. Your ticket code appears here right after the payment."
        backLabel="Change ticket"
        onBack={() => {
          setOrder(null);
          setProblem(null);
        }}
      />
    );
  }

  if (types.status === 'loading') {
    return (
      <p className="card" role="status" aria-busy="true">
        Loading the tickets on sale…
      </p>
    );
  }
  if (types.status === 'error') {
    return (
      <div className="stack">
        <Notice tone="danger">{purchaseErrorMessage(types.error)}</Notice>
        <div>
          <button type="button" className="btn btn-secondary" onClick={types.retry}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (types.data.length === 0) {
    return (
      <EmptyState
        title="No train tickets on sale"
        action={
          <Link to="/train-ticket" className="btn btn-secondary">
            Back to Train Ticket
          </Link>
        }
      >
        Event train tickets are not on sale right now. Please check back later.
      </EmptyState>
    );
  }

  const selected = types.data.find((type) => type.id === selectedId);
  return (
    <form className="card train-ticket-form" onSubmit={(event) => void review(event)}>
      <fieldset className="train-ticket-form__options">
        <legend className="card-title">Choose your ticket</legend>
        {types.data.map((type) => (
          <label key={type.id} className="train-ticket-option">
            <input
              type="radio"
              name="ticketType"
              value={type.id}
              checked={type.id === selectedId}
              onChange={() => setChosen(type.id)}
            />
            <span className="train-ticket-option__text">
              <span className="train-ticket-option__name">{type.name}</span>
              <span className="train-ticket-option__description">{type.description}</span>
            </span>
            <span className="train-ticket-option__price">{formatEuro(type.price)}</span>
          </label>
        ))}
      </fieldset>
      {problem ? <Notice tone="danger">{problem}</Notice> : null}
      <div className="train-ticket-form__footer">
        <p className="train-ticket-form__total" aria-live="polite">
          {selected ? (
            <>
              <span className="train-ticket-form__amount">{formatEuro(selected.price)}</span> plus VAT
            </>
          ) : null}
        </p>
        <SubmitButton busy={ordering} busyLabel="Preparing your order…">
          Review your order
        </SubmitButton>
      </div>
    </form>
  );
}
