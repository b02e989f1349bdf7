import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { EmailField } from '../../components/ui/text-field.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { okSchema } from '../../shared/contracts/common.ts';
import { forgotPasswordBodySchema } from '../../shared/contracts/user.ts';
import './auth.css';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';

/** /sign-in/forgotpassword. The answer never reveals whether the address has an account. */
export function ForgotPasswordPage() {
  const t = useT('auth');
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(forgotPasswordBodySchema, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await api('/api/user/password/forgot', okSchema, { method: 'POST', body });
      setSent(true);
    } catch (error) {
      // The server answers 202 for every address; what fails here is the network or the rate limit.
      setFormError(errorMessage(error));
    }
  });

  return (
    <section className="auth" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="auth__title">
        {t('forgotPasswordTitle')}
      </h1>
      <p className="auth__lead">{t('forgotPasswordLead')}</p>
      <div className="card auth__card">
        {sent ? (
          <Notice tone="success" role="alert">
            {t('resetLinkSent')}
          </Notice>
        ) : (
          <>
            {formError ? <Notice tone="danger">{formError}</Notice> : null}
            <form className="auth__form" onSubmit={onSubmit} noValidate>
              <EmailField registration={register('email')} error={errors.email?.message} />
              <div className="auth__actions">
                <SubmitButton busy={isSubmitting} busyLabel={t('sending')}>
                  {t('sendLink')}
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
