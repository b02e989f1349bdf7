import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { NewPasswordField } from '../../components/ui/new-password-field.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { TermsCheckbox } from '../../components/ui/terms-checkbox.tsx';
import { EmailField, TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { activeLanguage } from '../../i18n/i18n.ts';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useValidationText } from '../../i18n/validation-text.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { isStrongPassword } from '../../lib/password-strength.ts';
import { signUpResponseSchema } from '../../shared/contracts/user.ts';
import { signUpFormSchema } from './form-schemas.ts';
import './auth.css';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

const API_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

/**
 * /sign-up: creates an account and sends the confirmation e-mail. The server answers the same for an
 * address that already has an account (it mails the holder instead), so the next step is always
 * "check your inbox".
 */
export function SignUpPage() {
  const t = useT('auth');
  const word = useValidationText();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(signUpFormSchema, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '', repeatPassword: '', acceptTerms: false },
  });
  const [password, email, firstName, lastName] = watch(['password', 'email', 'firstName', 'lastName']);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = {
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      // The account's mails (starting with the confirmation) and PDFs are written in it.
      language: activeLanguage(),
    };
    // Same inputs as the server's check, so both sides agree on "too weak". If zxcvbn cannot
    // load, the server decides.
    const strong = await isStrongPassword(body.password, [body.email, body.firstName, body.lastName]).catch(() => true);
    if (!strong) {
      setError('password', { type: 'strength', message: word({ key: 'passwordTooWeak' }) }, { shouldFocus: true });
      return;
    }
    try {
      await api('/api/user/sign-up', signUpResponseSchema, { method: 'POST', body });
      navigate('/sign-up/success', { state: { email: body.email } });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, API_FIELDS);
      let focused = false;
      for (const field of API_FIELDS) {
        const message = fieldErrors[field];
        if (!message) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused) setFormError(errorMessage(error));
    }
  });

  const termsError = errors.acceptTerms?.message;
  return (
    <section className="auth" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title" className="auth__title">
        {t('signUpTitle')}
      </h1>
      <p className="auth__lead">{t('signUpLead')}</p>
      <div className="card auth__card">
        {formError ? <Notice tone="danger">{formError}</Notice> : null}
        <form className="auth__form" onSubmit={onSubmit} noValidate>
          <div className="auth__row">
            <TextField
              label={t('firstNameLabel')}
              autoComplete="given-name"
              registration={register('firstName')}
              error={errors.firstName?.message}
            />
            <TextField
              label={t('lastNameLabel')}
              autoComplete="family-name"
              registration={register('lastName')}
              error={errors.lastName?.message}
            />
          </div>
          <EmailField registration={register('email')} error={errors.email?.message} />
          <NewPasswordField
            label={t('passwordLabel')}
            registration={register('password')}
            password={password}
            error={errors.password?.message}
            userInputs={[email, firstName, lastName]}
          />
          <TextField
            label={t('repeatPasswordLabel')}
            type="password"
            autoComplete="new-password"
            registration={register('repeatPassword')}
            error={errors.repeatPassword?.message}
          />
          <TermsCheckbox registration={register('acceptTerms')} error={termsError} />
          <div className="auth__actions">
            <SubmitButton busy={isSubmitting} busyLabel={t('creatingAccount')}>
              {t('createAccountButton')}
            </SubmitButton>
          </div>
        </form>
      </div>
      <ul className="auth__links">
        <li>
          <Text ns="auth" k="alreadyHaveAccount" components={{ link: <Link to="/sign-in" /> }} />
        </li>
      </ul>
    </section>
  );
}
