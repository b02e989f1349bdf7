import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { EmailField, TextField } from '../../components/ui/text-field.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { safeRedirectPath } from '../../shared/safe-redirect.ts';
import type { SignInField as Field } from './sign-in-action.ts';
import './auth.css';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useValidationText } from '../../i18n/validation-text.ts';
import type { ValidationProblem } from '../../shared/validation.ts';

/** Loads the sign-in logic; called as soon as the user touches the form, awaited on submit. */
const loadAction = () => import('./sign-in-action.ts');

/** Uncontrolled inputs: the values are read from the form on submit. */
const field = (name: Field) => ({ name, onChange: async () => {}, onBlur: async () => {}, ref: () => {} });

/**
 * /sign-in. Deliberately light (no zxcvbn, no form library: a plain form checked with the login
 * contract): it is the first page most visitors open cold, and its JS budget is tight.
 */
export function SignInPage() {
  const t = useT('auth');
  const tCommon = useT('common');
  const word = useValidationText();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationProblem>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setAwaitingApproval(false);
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    try {
      const { submitSignIn } = await loadAction();
      const outcome = await submitSignIn({ email: form.get('email'), password: form.get('password') });
      setErrors(outcome.kind === 'invalid' ? outcome.errors : {});
      if (outcome.kind === 'ready') {
        // Only internal paths: an attacker's ?redirect=//evil.example must not leave the app.
        navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
      } else if (outcome.kind === 'awaiting-approval') {
        setAwaitingApproval(true);
      } else if (outcome.kind === 'failed') {
        setFormError(outcome.message);
      }
    } catch {
      // The chunk itself failed to load (offline on a first visit).
      setFormError(tCommon('toastError'));
    } finally {
      setSubmitting(false);
    }
  };

  // The guard sends a user whose pass is not approved yet here with ?reason=approval. Read from the
  // URL on every render: the page stays mounted when only the query changes.
  const showApproval = awaitingApproval || (searchParams.get('reason') === 'approval' && !formError);
  const notice =
    searchParams.get('confirmed') === '1'
      ? t('emailConfirmedNotice')
      : searchParams.get('reset') === '1'
        ? t('passwordChangedNotice')
        : null;

  return (
    <section className="auth" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="auth__title">
        {t('signInTitle')}
      </h1>
      <p className="auth__lead">{t('signInLead')}</p>
      <div className="card auth__card">
        {notice && !formError && !showApproval ? <Notice tone="success">{notice}</Notice> : null}
        {showApproval ? (
          <Notice tone="warning" role="alert">
            {tCommon('passAwaitsApproval')}
          </Notice>
        ) : null}
        {formError ? <Notice tone="danger">{formError}</Notice> : null}
        <form className="auth__form" onSubmit={onSubmit} onFocus={() => void loadAction()} noValidate>
          <EmailField registration={field('email')} error={errors.email && word(errors.email)} />
          <TextField
            label={t('passwordLabel')}
            type="password"
            autoComplete="current-password"
            registration={field('password')}
            error={errors.password && word(errors.password)}
          />
          <div className="auth__actions">
            <SubmitButton busy={isSubmitting} busyLabel={t('signingIn')}>
              {t('signInButton')}
            </SubmitButton>
            <Link to="/sign-in/forgotpassword">{t('forgotPasswordLink')}</Link>
          </div>
        </form>
      </div>
      <ul className="auth__links">
        <li>
          <Text ns="auth" k="noAccountYet" components={{ link: <Link to="/sign-up" /> }} />
        </li>
        <li>
          <Link to="/registration">{t('registerForEvent')}</Link>
        </li>
      </ul>
    </section>
  );
}
