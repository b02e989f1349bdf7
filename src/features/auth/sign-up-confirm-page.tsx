import { useStore } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError, api } from '../../lib/api.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { confirmBodySchema, confirmResponseSchema } from '../../shared/contracts/user.ts';
import { continueRegistration } from '../registration/continue-registration.ts';
import { confirmFormSchema } from './form-schemas.ts';
import './auth.css';

/**
 * /sign-up/confirm/:userUuid?token=… — asks for the password chosen at sign-up or registration
 * (the link proves the inbox, the password that its holder is the one who chose it, so a
 * stranger's later sign-up cannot plant theirs), then on to sign-in; a registration goes on with its
 * next step instead (the registration session comes with the confirmation).
 */
export function SignUpConfirmPage() {
  const t = useT('auth');
  const { userUuid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const store = useStore();
  // The uuid alone must never confirm: without a well-formed token there is no form at all.
  const { uuid: uuidSchema, token: tokenSchema } = confirmBodySchema.shape;
  const wellFormed = uuidSchema.safeParse(userUuid).success && tokenSchema.safeParse(token).success;
  const [linkIsBad, setLinkIsBad] = useState(!wellFormed);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(confirmFormSchema, { defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const { registration } = await api('/api/user/confirm', confirmResponseSchema, {
        method: 'POST',
        body: { uuid: userUuid, token, password },
      });
      navigate(registration ? await continueRegistration(store, registration) : '/sign-in?confirmed=1', { replace: true });
    } catch (error) {
      // A wrong password leaves the link usable: the message goes to the field, for another try.
      const { password: passwordError } = serverFieldErrors(error, ['password'] as const);
      if (passwordError) setError('password', { type: 'server', message: passwordError }, { shouldFocus: true });
      // Any other 400 is the link itself (used, expired, unknown); a lock (429), offline or 5xx may pass.
      else if (error instanceof ApiError && error.status === 400) setLinkIsBad(true);
      else setFormError(errorMessage(error));
    }
  });

  return (
    <section className="auth" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="auth__title">
        {t('confirmEmailTitle')}
      </h1>
      {linkIsBad ? null : <p className="auth__lead">{t('confirmEmailLead')}</p>}
      <div className="card auth__card">
        {linkIsBad ? (
          <>
            <Notice tone="danger">{t('invalidConfirmLink')}</Notice>
            <p>
              <Text
                ns="auth"
                k="invalidConfirmLinkHelp"
                components={{ signIn: <Link to="/sign-in" />, signUp: <Link to="/sign-up" /> }}
              />
            </p>
          </>
        ) : (
          <>
            {formError ? <Notice tone="danger">{formError}</Notice> : null}
            <form className="auth__form" onSubmit={onSubmit} noValidate>
              <TextField
                label={t('chosenPasswordLabel')}
                type="password"
                autoComplete="current-password"
                registration={register('password')}
                error={errors.password?.message}
              />
              <div className="auth__actions">
                <SubmitButton busy={isSubmitting} busyLabel={t('confirmingEmail')}>
                  {t('confirmEmailButton')}
                </SubmitButton>
                <Link to="/sign-in/forgotpassword">{t('forgotPasswordLink')}</Link>
              </div>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
