import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function RegistrationPage() {
  return (
    <>
      <PageHeader title="Choose your pass" documentTitle="Registration" />
      <EmptyState
        icon="pass"
        title="Pass selection opens soon"
        action={
          <Link to="/sign-in" className="btn btn-secondary">
            Already registered? Sign in
          </Link>
        }
      >
        Paid and voucher passes for CloudFest 2026 will be offered here, including the free Standard Pass.
      </EmptyState>
    </>
  );
}
