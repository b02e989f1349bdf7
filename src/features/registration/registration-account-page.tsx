import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { AccountForm } from './account-form.tsx';
import { BillingDetails } from './billing-details.tsx';
import { ChosenPass } from './chosen-pass.tsx';
import { registrationAtom, resetRegistrationAtom } from './registration-state.ts';
import './registration-flow.css';

/** /registration/account: the account form, or a summary once the account exists. */
export function RegistrationAccountPage() {
  const t = useT('registration');
  const registration = useAtomValue(registrationAtom);
  const created = registration.account !== null;
  return (
    <div className="reg-step">
      <PageHeader title={t('accountStepTitle')} lead={created ? t('accountCreated') : t('accountStepLead')} />
      <ChosenPass changeable={!created} />
      {created ? (
        <AccountSummary />
      ) : (
        <>
          {registration.pass === null ? (
            <Notice tone="warning">
              {registration.isBlacklisted ? t('passRemoved') : t('noPassChosen')}{' '}
              <Link to="/registration">{t('chooseYourPass')}</Link>
            </Notice>
          ) : null}
          <AccountForm />
        </>
      )}
    </div>
  );
}

function AccountSummary() {
  const t = useT('registration');
  const navigate = useNavigate();
  const registration = useAtomValue(registrationAtom);
  const reset = useSetAtom(resetRegistrationAtom);
  const next = registration.surveyCompleted ? '/registration/checkout' : '/registration/survey';
  return (
    <BillingDetails title={t('yourAccount')}>
      <p className="reg-summary__note">{t('accountLockedNote')}</p>
      <div className="reg-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            reset();
            navigate('/registration');
          }}
        >
          {t('startNewRegistration')}
        </button>
        <Link to={next} className="btn btn-primary btn-lg">
          {t('continue')}
        </Link>
      </div>
    </BillingDetails>
  );
}
