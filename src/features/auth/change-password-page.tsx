import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NewPasswordField } from '../../components/ui/new-password-field.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { useValidationText } from '../../i18n/validation-text.ts';
import { ApiError, api } from '../../lib/api.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { isStrongPassword } from '../../lib/password-strength.ts';
import { okSchema } from '../../shared/contracts/common.ts';
import { changePasswordBodySchema } from '../../shared/contracts/user.ts';
import { changePasswordFormSchema } from './form-schemas.ts';
import './auth.css';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

/** /sign-in/changepassword/:token, opened from the reset e-mail. */
export function ChangePasswordPage() {
  const t = useT('auth');
  const word = useValidationText();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // A token that cannot be one of ours fails at once instead of after the user typed a password;
  // its text is the server's for an unknown, used or expired one.
  const malformed = !changePasswordBodySchema.shape.token.safeParse(token).success;
  const [serverLinkError, setLinkError] = useState<string | null>(null);
  const linkError = malformed ? t('invalidResetLink') : serverLinkError;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(changePasswordFormSchema, { defaultValues: { password: '', repeatPassword: '' } });
  const password = watch('password');

  const onSubmit = handleSubmit(async ({ password: newPassword }) => {
    setFormError(null);
    // If zxcvbn cannot load, let the server (same library, same minimum) decide.
    const strong = await isStrongPassword(newPassword).catch(() => true);
    if (!strong) {
      setError('password', { type: 'strength', message: word({ key: 'passwordTooWeak' }) }, { shouldFocus: true });
      return;
    }
    try {
      await api('/api/user/password/reset', okSchema, { method: 'POST', body: { token, password: newPassword } });
      navigate('/sign-in?reset=1');
    } catch (error) {
      // The server checks strength with the account's e-mail and names, which we do not know here.
      const { password: passwordError } = serverFieldErrors(error, ['password'] as const);
      if (passwordError) {
        setError('password', { type: 'server', message: passwordError }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400) {
        setLinkError(errorMessage(error));
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <section className="auth" aria-labelledby="change-password-title">
      <h1 id="change-password-title" className="auth__title">
        {t('changePasswordTitle')}
      </h1>
      <div className="card auth__card">
        {linkError ? (
          <Notice tone="danger">
            {linkError} <Link to="/sign-in/forgotpassword">{t('requestNewLink')}</Link>
          </Notice>
        ) : (
          <>
            {formError ? <Notice tone="danger">{formError}</Notice> : null}
            <form className="auth__form" onSubmit={onSubmit} noValidate>
              <NewPasswordField
                label={t('newPasswordLabel')}
                registration={register('password')}
                password={password}
                error={errors.password?.message}
              />
              <TextField
                label={t('repeatNewPasswordLabel')}
                type="password"
                autoComplete="new-password"
                registration={register('repeatPassword')}
                error={errors.repeatPassword?.message}
              />
              <div className="auth__actions">
                <SubmitButton busy={isSubmitting} busyLabel={t('saving')}>
                  {t('changePasswordButton')}
                </SubmitButton>
              </div>
            </form>
          </>
        )}
      </div>
      <ul className="auth__links">
        <li>
          <Link to="/sign-in">{t('backToSignIn')}</Link>
        </li>
      </ul>
    </section>
  );
}
