import type { TrainTicket } from '../../shared/contracts/catalog.ts';

const purchaseDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The user's ticket with its code large enough to read out or type in at a ticket machine. */
export function TrainTicketCard({ ticket }: { ticket: TrainTicket }) {
  const bought = new Date(ticket.createdAt);
  return (
    <article className="train-ticket" aria-labelledby="train-ticket-type">
      <header className="train-ticket__header">
        <p className="train-ticket__label">Your train ticket</p>
        <h2 id="train-ticket-type" className="train-ticket__type">
          {ticket.type.name}
        </h2>
      </header>
      <div className="train-ticket__body">
        <dl className="train-ticket__code-field">
          <dt className="train-ticket__code-label">Ticket code</dt>
          <dd className="train-ticket__code">{ticket.code}</dd>
        </dl>
        <p className="train-ticket__description">{ticket.type.description}</p>
        {Number.isNaN(bought.getTime()) ? null : (
          <p className="train-ticket__bought">
            Bought on <time dateTime={ticket.createdAt}>{purchaseDate.format(bought)}</time>
          </p>
        )}
      </div>
    </article>
  );
}
