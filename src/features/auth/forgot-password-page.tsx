import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { okSchema } from '../../shared/contracts/common.ts';
import { forgotPasswordBodySchema } from '../../shared/contracts/user.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { Notice } from '../../components/ui/notice.tsx';
import { EmailField } from '../../components/ui/text-field.tsx';
import './auth.css';
import { SubmitButton } from '../../components/ui/submit-button.tsx';

export const RESET_LINK_SENT = 'If an account exists for this address, we have sent a link to reset your password.';

/** /sign-in/forgotpassword. The answer never reveals whether the address has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });

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
        Forgot your password?
      </h1>
      <p className="auth__lead">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <div className="card auth__card">
        {sent ? (
          <Notice tone="success" role="alert">
            {RESET_LINK_SENT}
          </Notice>
        ) : (
          <>
            {formError ? <Notice tone="danger">{formError}</Notice> : null}
            <form className="auth__form" onSubmit={onSubmit} noValidate>
              <EmailField registration={register('email')} error={errors.email?.message} />
              <div className="auth__actions">
                <SubmitButton busy={isSubmitting} busyLabel="Sending…">
                  Send link
                </SubmitButton>
              </div>
            </form>
          </>
        )}
      </div>
      <ul className="auth__links">
        <li>
          <Link to="/sign-in">Back to sign in</Link>
        </li>
      </ul>
    </section>
  );
}
