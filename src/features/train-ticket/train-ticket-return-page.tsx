import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** Where the payment provider returns to after buying a train ticket. */
export function TrainTicketReturnPage() {
  return (
    <>
      <PageHeader title="Train Ticket" />
      <EmptyState
        title="Checking your purchase"
        action={
          <Link to="/train-ticket" className="btn btn-primary">
            Go to your train ticket
          </Link>
        }
      >
        The result of your train ticket payment will be shown here.
      </EmptyState>
    </>
  );
}
