import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function RegistrationAccountPage() {
  return (
    <>
      <PageHeader title="Your Account" />
      <EmptyState title="Account creation opens soon">
        Here you will enter your name and billing address to create your account.
      </EmptyState>
    </>
  );
}
