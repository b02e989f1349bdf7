import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function InvoicesPage() {
  return (
    <>
      <PageHeader title="Invoices" />
      <EmptyState title="Nothing to download yet">
        Invoices for your pass, hotel and train ticket will be listed here as PDF downloads, also available offline.
      </EmptyState>
    </>
  );
}
