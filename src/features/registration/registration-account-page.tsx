import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { AccountForm } from './account-form.tsx';
import { BillingDetails } from './billing-details.tsx';
import { ChosenPass } from './chosen-pass.tsx';
import { registrationAtom, resetRegistrationAtom } from './registration-state.ts';
import './registration-flow.css';

/** /registration/account: the account form, or a summary once the account exists. */
export function RegistrationAccountPage() {
  const registration = useAtomValue(registrationAtom);
  const created = registration.account !== null;
  return (
    <div className="reg-step">
      <PageHeader
        title="Your Account"
        lead={
          created
            ? 'Your account has been created.'
            : 'Create your account. After your registration you will use it to sign in and manage your pass, hotel and invoices.'
        }
      />
      <ChosenPass changeable={!created} />
      {created ? (
        <AccountSummary />
      ) : (
        <>
          {registration.pass === null ? (
            <Notice tone="warning">
              {registration.isBlacklisted ? 'Your pass has been removed.' : 'You have not chosen a pass yet.'}{' '}
              <Link to="/registration">Choose your pass</Link>
            </Notice>
          ) : null}
          <AccountForm />
        </>
      )}
    </div>
  );
}

function AccountSummary() {
  const navigate = useNavigate();
  const registration = useAtomValue(registrationAtom);
  const reset = useSetAtom(resetRegistrationAtom);
  const next = registration.surveyCompleted ? '/registration/checkout' : '/registration/survey';
  return (
    <BillingDetails title="Your account">
      <p className="reg-summary__note">
        Your account cannot be changed during the registration. Once signed in, you can edit your profile and billing address.
      </p>
      <div className="reg-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            reset();
            navigate('/registration');
          }}
        >
          Start a new registration
        </button>
        <Link to={next} className="btn btn-primary btn-lg">
          Continue
        </Link>
      </div>
    </BillingDetails>
  );
}
