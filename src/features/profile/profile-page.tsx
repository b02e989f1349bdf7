import { useAtomValue } from 'jotai';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { userAtom } from '../../lib/session.ts';
import { AvatarForm } from './avatar-form.tsx';
import { BillingAddressForm } from './billing-address-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { PersonalDetailsForm } from './personal-details-form.tsx';
import { YourDataSection } from './your-data-section.tsx';
import './profile.css';

/** /profile: name and company, picture, billing address and password, each saved on its own; then the person's data (download, deletion). */
export function ProfilePage() {
  const t = useT('profile');
  const user = useAtomValue(userAtom);
  return (
    <>
      <PageHeader title={t('title')} documentTitle={t('documentTitle')} lead={t('lead')} />
      {user ? (
        <div className="profile">
          {/* Keyed by user: a different account on this device starts from its own values. */}
          <PersonalDetailsForm key={user.uuid} user={user} />
          <AvatarForm />
          <BillingAddressForm key={`address-${user.uuid}`} />
          <PasswordForm user={user} />
          <YourDataSection user={user} />
        </div>
      ) : null}
    </>
  );
}
