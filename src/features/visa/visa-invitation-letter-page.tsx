import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function VisaInvitationLetterPage() {
  return (
    <>
      <PageHeader title="Visa Invitation Letter" />
      <EmptyState title="Request your letter here soon">
        If you need a visa to travel to Germany, you will be able to create an invitation letter for CloudFest 2026 here.
      </EmptyState>
    </>
  );
}
