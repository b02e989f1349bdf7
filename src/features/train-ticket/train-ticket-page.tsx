import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { formatEuro } from '../../lib/money.ts';
import { trainTicketAtom } from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import { fetchTrainTicket, fetchTrainTicketTypes } from './train-ticket-api.ts';
import { TrainTicketCard } from './train-ticket-card.tsx';
import './train-ticket.css';

/**
 * /train-ticket: the user's ticket (the first of GET /api/train-ticket, SPEC §3), or the tickets
 * on sale with the way to buy one. The session's ticket shows at once; a fresh copy replaces it
 * when it arrives, and a failed refresh keeps it (SPEC §8).
 */
export function TrainTicketPage() {
  const [ticket, setTicket] = useAtom(trainTicketAtom);
  const fresh = useRequest(fetchTrainTicket, []);

  useEffect(() => {
    if (fresh.status === 'ready') setTicket(fresh.data);
  }, [fresh.status, fresh.data, setTicket]);

  return (
    <div className="train-ticket-page">
      <PageHeader
        title="Train Ticket"
        lead="Travel to CloudFest by rail: the Deutsche Bahn event ticket takes you from any German station to Europa-Park and back."
      />
      {ticket ? (
        <>
          <TrainTicketCard ticket={ticket} />
          <p className="train-ticket-page__hint">
            Show the ticket code with an official photo ID when the train staff check tickets. The invoice is in{' '}
            <Link to="/invoices">your invoices</Link>.
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
  const types = useRequest(fetchTrainTicketTypes, []);
  const buy = (
    <Link to="/train-ticket/buy/return" className="btn btn-primary btn-lg">
      Buy a return ticket
    </Link>
  );

  if (types.status === 'ready' && types.data.length === 0) {
    return (
      <EmptyState title="No train tickets on sale">
        Event train tickets are not on sale right now. Please check back later.
      </EmptyState>
    );
  }
  return (
    <section className="stack" aria-labelledby="train-ticket-offer">
      <h2 id="train-ticket-offer" className="train-ticket-page__title">
        You have no train ticket yet
      </h2>
      {types.status === 'loading' ? (
        <p className="card" role="status" aria-busy="true">
          Loading the tickets on sale…
        </p>
      ) : types.status === 'ready' ? (
        <ul className="train-ticket-types" aria-label="Tickets on sale">
          {types.data.map((type) => (
            <li key={type.id} className="card train-ticket-type">
              <h3 className="train-ticket-type__name">{type.name}</h3>
              <p className="train-ticket-type__description">{type.description}</p>
              <p className="train-ticket-type__price">
                {formatEuro(type.price)} <span className="train-ticket-type__vat">plus VAT</span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <div>{buy}</div>
    </section>
  );
}
