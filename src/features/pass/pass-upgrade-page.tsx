import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function PassUpgradePage() {
  return (
    <>
      <PageHeader title="Upgrade your Pass" />
      <EmptyState
        icon="pass"
        title="No upgrades available yet"
        action={
          <Link to="/pass" className="btn btn-secondary">
            Back to your pass
          </Link>
        }
      >
        Passes that can upgrade yours will be offered here.
      </EmptyState>
    </>
  );
}
