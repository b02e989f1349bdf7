import { useState } from 'react';
import { NewPasswordField } from '../../components/ui/new-password-field.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { useValidationText } from '../../i18n/validation-text.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { isStrongPassword } from '../../lib/password-strength.ts';
import { toastSuccess } from '../../lib/toast.ts';
import type { User } from '../../shared/contracts/user.ts';
import { changePassword } from './profile-api.ts';
import { EMPTY_PASSWORD_FORM, passwordFormSchema } from './profile-forms.ts';

const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Password change (POST /api/user/password): the current password, a new one with the rule and the
 * strength meter as on sign-up, and the repetition. Other devices are signed out by the server.
 */
export function PasswordForm({ user }: { user: User }) {
  const t = useT('profile');
  const word = useValidationText();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(passwordFormSchema, { mode: 'onTouched', defaultValues: EMPTY_PASSWORD_FORM });
  const newPassword = watch('newPassword');
  const userInputs = [user.email, user.firstName, user.lastName];

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: chosen }) => {
    setFormError(null);
    // Same inputs as the server's check; if zxcvbn cannot load, the server decides.
    const strong = await isStrongPassword(chosen, userInputs).catch(() => true);
    if (!strong) {
      setError('newPassword', { type: 'strength', message: word({ key: 'passwordTooWeak' }) }, { shouldFocus: true });
      return;
    }
    try {
      await changePassword({ currentPassword, newPassword: chosen });
      reset(EMPTY_PASSWORD_FORM);
      void toastSuccess(t('passwordChanged'));
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, SERVER_FIELDS);
      let focused = false;
      for (const field of SERVER_FIELDS) {
        const message = fieldErrors[field];
        if (!message) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      // 429 (locked after wrong attempts) and other failures: the server's sentence as a banner.
      if (!focused) setFormError(errorMessage(error));
    }
  });

  return (
    <section className="card profile-section" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="profile-section__title">
        {t('changePassword')}
      </h2>
      <form className="profile-form" onSubmit={onSubmit} noValidate>
        {formError ? <Notice tone="danger">{formError}</Notice> : null}
        {/* Lets password managers tie the new password to the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <NewPasswordField
          label={t('newPassword')}
          registration={register('newPassword')}
          password={newPassword}
          error={errors.newPassword?.message}
          userInputs={userInputs}
        />
        <TextField
          label={t('repeatNewPassword')}
          type="password"
          autoComplete="new-password"
          registration={register('repeatPassword')}
          error={errors.repeatPassword?.message}
        />
        <div className="profile-form__actions">
          <SubmitButton busy={isSubmitting} busyLabel={t('changingPassword')}>
            {t('changePassword')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
