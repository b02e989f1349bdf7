import { useAtomValue } from 'jotai';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { trainTicketAtom } from '../../lib/session.ts';

export function TrainTicketPage() {
  const ticket = useAtomValue(trainTicketAtom);
  return (
    <>
      <PageHeader title="Train Ticket" />
      {ticket ? (
        <section className="card" aria-labelledby="train-ticket-type">
          <h2 id="train-ticket-type" className="card-title">
            {ticket.type.name}
          </h2>
          <p>
            Ticket code: <code>{ticket.code}</code>
          </p>
        </section>
      ) : (
        <EmptyState title="Nothing booked for the journey yet">
          Event train tickets to and from Europa-Park will be available to buy here.
        </EmptyState>
      )}
    </>
  );
}
