import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import { trainTicketAtom } from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import { fetchTrainTicket, fetchTrainTicketTypes } from './train-ticket-api.ts';
import { TrainTicketCard } from './train-ticket-card.tsx';
import './train-ticket.css';

/**
 * /train-ticket: the user's ticket (the first of GET /api/train-ticket, docs/behaviour.md §3), or the tickets
 * on sale with the way to buy one. The session's ticket shows at once; a fresh copy replaces it
 * when it arrives, and a failed refresh keeps it (behaviour §8).
 */
export function TrainTicketPage() {
  const t = useT('train-ticket');
  const [ticket, setTicket] = useAtom(trainTicketAtom);
  const fresh = useRequest(fetchTrainTicket, []);

  useEffect(() => {
    if (fresh.status === 'ready') setTicket(fresh.data);
  }, [fresh.status, fresh.data, setTicket]);

  return (
    <div className="train-ticket-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      {ticket ? (
        <>
          <TrainTicketCard ticket={ticket} />
          <p className="train-ticket-page__hint">
            <Text ns="train-ticket" k="ticketHint" components={{ link: <Link to="/invoices" /> }} />
          </p>
        </>
      ) : (
        <TicketOffer />
      )}
    </div>
  );
}

/** The ticket types on sale (GET /api/train-ticket/type) and the link to buy one. */
function TicketOffer() {
  const t = useT('train-ticket');
  const language = useLanguage();
  const types = useRequest(fetchTrainTicketTypes, []);
  const buy = (
    <Link to="/train-ticket/buy/return" className="btn btn-primary btn-lg">
      {t('buyReturnTicket')}
    </Link>
  );

  if (types.status === 'ready' && types.data.length === 0) {
    return <EmptyState title={t('noneOnSaleTitle')}>{t('noneOnSaleText')}</EmptyState>;
  }
  return (
    <section className="stack" aria-labelledby="train-ticket-offer">
      <h2 id="train-ticket-offer" className="train-ticket-page__title">
        {t('noTicketYet')}
      </h2>
      {types.status === 'loading' ? (
        <p className="card" role="status" aria-busy="true">
          {t('loadingTypes')}
        </p>
      ) : types.status === 'ready' ? (
        <ul className="train-ticket-types" aria-label={t('ticketsOnSale')}>
          {types.data.map((type) => (
            <li key={type.id} className="card train-ticket-type">
              <h3 className="train-ticket-type__name">{type.name}</h3>
              <p className="train-ticket-type__description">{type.description}</p>
              <p className="train-ticket-type__price">
                <Text
                  ns="train-ticket"
                  k="pricePlusVat"
                  values={{ price: formatEuro(type.price, language) }}
                  components={{ vat: <span className="train-ticket-type__vat" /> }}
                />
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <div>{buy}</div>
    </section>
  );
}
