import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function RegistrationFinishPage() {
  return (
    <>
      <PageHeader title="Registration complete" />
      <EmptyState title="Thank you for registering">Your registration summary will be shown here.</EmptyState>
    </>
  );
}
