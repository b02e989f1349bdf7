import { useAtom } from 'jotai';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PurchaseOptions, useOrderStep } from '../../components/ui/purchase-options.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { purchaseErrorMessage } from '../../lib/purchase.ts';
import { trainTicketAtom } from '../../lib/session.ts';
import { usePaymentReturn } from '../../lib/use-payment-return.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { TrainTicket } from '../../shared/contracts/catalog.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { fetchTrainTicket, fetchTrainTicketTypes, orderTrainTicket, TRAIN_TICKET_REDIRECTS } from './train-ticket-api.ts';
import { TrainTicketCard } from './train-ticket-card.tsx';
import './train-ticket.css';

/**
 * /train-ticket/buy/return: choose a return ticket, review the order, pay with the provider. The
 * provider comes back here with `?session=` (and `payment=failed` when it failed): a paid ticket is
 * loaded and shown, a failed payment can be tried again. Someone who already has a ticket sees it.
 */
export function TrainTicketReturnPage() {
  const t = useT('train-ticket');
  const [search] = useSearchParams();
  const payment = usePaymentReturn(search.get('session'));
  const failedPayment = search.get('payment') === 'failed' || payment.kind === 'failed';
  const [ticket, setTicket] = useAtom(trainTicketAtom);
  const [loadingTicket, setLoadingTicket] = useState(false);

  // Paid: the ticket exists on the server now. Load it into the session (docs/behaviour.md §8: keep what we have on failure).
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
        {payment.kind === 'checking' ? t('confirmingPayment') : t('gettingTicket')}
      </p>
    );
  } else if (payment.kind === 'succeeded') {
    body = (
      <>
        <Notice tone="success" role="alert">
          {payment.order.invoiceNumber ? (
            <Text
              ns="train-ticket"
              k="paymentReceivedWithInvoice"
              values={{ number: payment.order.invoiceNumber }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Text ns="train-ticket" k="paymentReceived" components={{ strong: <strong /> }} />
          )}
        </Notice>
        {ticket ? <TrainTicketCard ticket={ticket} /> : <Notice tone="warning">{t('ticketLoadFailed')}</Notice>}
        <div className="cluster">
          <Link to="/train-ticket" className="btn btn-primary">
            {t('goToTicket')}
          </Link>
          <Link to="/invoices" className="btn btn-secondary">
            {t('yourInvoices')}
          </Link>
        </div>
      </>
    );
  } else if (ticket) {
    body = (
      <>
        <Notice tone="info">{t('alreadyHaveTicket')}</Notice>
        <TrainTicketCard ticket={ticket} />
        <div>
          <Link to="/train-ticket" className="btn btn-secondary">
            {t('backToTicket')}
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
            <Text ns="train-ticket" k="paymentFailed" components={{ strong: <strong /> }} />
          </Notice>
        ) : null}
        {payment.kind === 'open' ? <Notice tone="warning">{t('paymentOpen')}</Notice> : null}
        {payment.kind === 'unknown' ? <Notice tone="warning">{t('paymentUnknown')}</Notice> : null}
        <TicketPurchase key={retryOrder?.id ?? 'new'} retryOrder={retryOrder} onTicketExists={setTicket} />
      </>
    );
  }

  return (
    <div className="train-ticket-page">
      <PageHeader title={t('buyReturnTicket')} documentTitle={t('title')} />
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
  const t = useT('train-ticket');
  const language = useLanguage();
  const types = useRequest(fetchTrainTicketTypes, []);
  const [chosen, setChosen] = useState<number | null>(null);
  const { order, setOrder, problem, setProblem, back } = useOrderStep(retryOrder);
  const [ordering, setOrdering] = useState(false);
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

  return (
    <PurchaseOptions
      options={types}
      order={order}
      redirects={TRAIN_TICKET_REDIRECTS}
      hint={t('checkoutHint')}
      backLabel={t('changeTicket')}
      onBack={back}
      loading={t('loadingTypes')}
      retryLabel={t('tryAgain')}
      empty={
        <EmptyState
          title={t('noneOnSaleTitle')}
          action={
            <Link to="/train-ticket" className="btn btn-secondary">
              {t('backToTrainTicket')}
            </Link>
          }
        >
          {t('noneOnSaleText')}
        </EmptyState>
      }
    >
      {(list) => {
        const selected = list.find((type) => type.id === selectedId);
        return (
          <form className="card train-ticket-form" onSubmit={(event) => void review(event)}>
            <fieldset className="train-ticket-form__options">
              <legend className="card-title">{t('chooseTicket')}</legend>
              {list.map((type) => (
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
                  <span className="train-ticket-option__price">{formatEuro(type.price, language)}</span>
                </label>
              ))}
            </fieldset>
            {problem ? <Notice tone="danger">{problem}</Notice> : null}
            <div className="train-ticket-form__footer">
              <p className="train-ticket-form__total" aria-live="polite">
                {selected ? (
                  <Text
                    ns="train-ticket"
                    k="totalPlusVat"
                    values={{ price: formatEuro(selected.price, language) }}
                    components={{ amount: <span className="train-ticket-form__amount" /> }}
                  />
                ) : null}
              </p>
              <SubmitButton busy={ordering} busyLabel={t('preparingOrder')}>
                {t('reviewOrder')}
              </SubmitButton>
            </div>
          </form>
        );
      }}
    </PurchaseOptions>
  );
}
