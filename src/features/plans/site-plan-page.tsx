import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function SitePlanPage() {
  return (
    <>
      <PageHeader title="Site Plan" />
      <EmptyState title="Coming soon: the park and its hotels">
        Europa-Park, the conference hotels and the shuttle stops will be shown here, available offline once loaded.
      </EmptyState>
    </>
  );
}
