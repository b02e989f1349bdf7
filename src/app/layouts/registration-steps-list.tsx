import { Link } from 'react-router-dom';
import { MESSAGES } from '../../shared/messages.ts';
import { registrationSteps, type StepState } from './registration-steps.ts';

const STATUS_TEXT = { complete: MESSAGES.completed, active: 'Current step', pending: 'Not started' } as const;

/** The 5-step list of the registration side panel, each step linking to its page. */
export function RegistrationStepsList({ pathname, state }: { pathname: string; state: StepState }) {
  return (
    <nav aria-label="Registration steps" className="registration-steps-nav">
      <ol className="registration-steps">
        {registrationSteps(pathname, state).map((step, index) => (
          <li key={step.key} className={`registration-steps__step is-${step.status}`} data-step={step.key}>
            <Link to={step.to} className="registration-steps__link" aria-current={step.status === 'active' ? 'step' : undefined}>
              <span className="registration-steps__number" aria-hidden="true">
                {step.status === 'complete' ? '✓' : index + 1}
              </span>
              <span className="registration-steps__text">
                <span className="registration-steps__label">{step.label}</span>
                <span className="registration-steps__hint">{step.hint}</span>
                {step.summary ? <span className="registration-steps__summary">{step.summary}</span> : null}
                <span className="visually-hidden">, {STATUS_TEXT[step.status]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
