import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function AccommodationBookPage() {
  return (
    <>
      <PageHeader title="Book a Hotel" />
      <EmptyState icon="bed" title="Hotel search is coming soon">
        You will find the partner hotels for 23 to 27 March 2026 here, sorted by price, with room availability.
      </EmptyState>
    </>
  );
}
