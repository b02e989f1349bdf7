import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function RegistrationHotelPage() {
  return (
    <>
      <PageHeader title="Book your hotel room" />
      <EmptyState title="Hotel booking opens soon">
        Partner hotels near Europa-Park will be bookable as part of your registration.
      </EmptyState>
    </>
  );
}
