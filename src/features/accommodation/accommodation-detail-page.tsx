import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** /accommodation/{accommodationId}; the route loader has already rejected ids that are not positive integers. */
export function AccommodationDetailPage() {
  return (
    <>
      <PageHeader title="Hotel" />
      <EmptyState
        icon="bed"
        title="Hotel details are coming soon"
        action={
          <Link to="/accommodation/book" className="btn btn-secondary">
            All hotels
          </Link>
        }
      >
        Rooms, prices and availability of this hotel will be shown here.
      </EmptyState>
    </>
  );
}
