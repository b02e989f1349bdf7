import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import { registrationSteps, type StepState } from './registration-steps.ts';

/** The 5-step list of the registration side panel, each step linking to its page. */
export function RegistrationStepsList({ pathname, state }: { pathname: string; state: StepState }) {
  const t = useT('registration');
  const tCommon = useT('common');
  const statusText = { complete: tCommon('completed'), active: t('stepCurrent'), pending: t('stepNotStarted') };
  return (
    <nav aria-label={t('registrationSteps')} className="registration-steps-nav">
      <ol className="registration-steps">
        {registrationSteps(pathname, state, { t, tCommon }).map((step, index) => (
          <li key={step.key} className={`registration-steps__step is-${step.status}`} data-step={step.key}>
            <Link to={step.to} className="registration-steps__link" aria-current={step.status === 'active' ? 'step' : undefined}>
              <span className="registration-steps__number" aria-hidden="true">
                {step.status === 'complete' ? '✓' : index + 1}
              </span>
              <span className="registration-steps__text">
                <span className="registration-steps__label">{step.label}</span>
                <span className="registration-steps__hint">{step.hint}</span>
                {step.summary ? <span className="registration-steps__summary">{step.summary}</span> : null}
                <span className="visually-hidden">, {statusText[step.status]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
