import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function FloorPlanPage() {
  return (
    <>
      <PageHeader title="Floor Plan" />
      <EmptyState title="Coming soon: halls and booths">
        Halls, stages and exhibitor booths will be shown here, available offline once loaded.
      </EmptyState>
    </>
  );
}
