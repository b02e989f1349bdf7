import { useAtomValue } from 'jotai';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { fullNameAtom, userAtom } from '../../lib/session.ts';
import './profile.css';

export function ProfilePage() {
  const user = useAtomValue(userAtom);
  const name = useAtomValue(fullNameAtom);
  return (
    <>
      <PageHeader title="Profile" />
      {user ? (
        <dl className="card profile-details">
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>E-mail address</dt>
          <dd>{user.email}</dd>
          {user.company ? (
            <>
              <dt>Company</dt>
              <dd>{user.company}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <EmptyState title="Editing is coming soon">
        You will be able to change your name, company, picture and billing address here.
      </EmptyState>
    </>
  );
}
