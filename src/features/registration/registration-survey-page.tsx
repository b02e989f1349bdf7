import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function RegistrationSurveyPage() {
  return (
    <>
      <PageHeader title="Survey" />
      <EmptyState title="Questions open soon">A few short questions will help us plan CloudFest 2026.</EmptyState>
    </>
  );
}
