import { Link } from 'react-router-dom';
import { MESSAGES } from '../../shared/messages.ts';
import { registrationSteps } from './registration-steps.ts';

const STATUS_TEXT = { complete: MESSAGES.completed, active: 'Current step', pending: 'Not started' } as const;

/** The 5-step list of the registration side panel, each step linking to its page. */
export function RegistrationStepsList({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Registration steps">
      <ol className="registration-steps">
        {registrationSteps(pathname).map((step, index) => (
          <li key={step.key} className={`registration-steps__step is-${step.status}`}>
            <Link to={step.to} className="registration-steps__link" aria-current={step.status === 'active' ? 'step' : undefined}>
              <span className="registration-steps__number" aria-hidden="true">
                {step.status === 'complete' ? '✓' : index + 1}
              </span>
              <span className="registration-steps__text">
                <span className="registration-steps__label">{step.label}</span>
                <span className="registration-steps__hint">{step.hint}</span>
                <span className="visually-hidden">, {STATUS_TEXT[step.status]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
