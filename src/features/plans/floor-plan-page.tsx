import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function FloorPlanPage() {
  return (
    <>
      <PageHeader title="Floor Plan" />
      <EmptyState title="The floor plan is coming soon">
        Halls, stages and exhibitor booths will be shown here, available offline once loaded.
      </EmptyState>
    </>
  );
}
