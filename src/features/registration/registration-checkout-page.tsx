import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function RegistrationCheckoutPage() {
  return (
    <>
      <PageHeader title="Checkout" />
      <EmptyState title="Opens soon: review and confirm">
        You will review your pass and hotel and complete your registration here.
      </EmptyState>
    </>
  );
}
