import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function AgendaPage() {
  return (
    <>
      <PageHeader title="Agenda" />
      <EmptyState title="The programme is being finalised">
        Keynotes, talks and workshops will be listed here, and you can mark your favourites, also offline.
      </EmptyState>
    </>
  );
}
