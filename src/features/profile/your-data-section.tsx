import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { signOut } from '../../lib/session.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import type { User } from '../../shared/contracts/user.ts';
import { deleteAccount, downloadMyData } from './profile-api.ts';
import { deleteAccountFormSchema, EMPTY_DELETE_ACCOUNT_FORM } from './profile-forms.ts';

/**
 * "Your data" (docs/behaviour.md §17): the download of everything kept about the person
 * (GET /api/user/data-export) and, in a danger zone, the deletion of the account
 * (DELETE /api/user/ with the password, after a confirm step). After the deletion the device
 * signs out without calling the server (the session is gone already) and shows the sign-in page.
 */
export function YourDataSection({ user }: { user: User }) {
  const t = useT('profile');
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(deleteAccountFormSchema, { mode: 'onTouched', defaultValues: EMPTY_DELETE_ACCOUNT_FORM });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      void toastSuccess(t('dataDownloadStarted'));
    } catch (error) {
      void toastError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  // First submit: the password is filled in, so ask once more; the second submit deletes.
  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    if (!confirming) {
      setConfirming(true);
      // The question is read out and focused, so keyboard and screen-reader users meet it first.
      requestAnimationFrame(() => confirmText.current?.focus());
      return;
    }
    try {
      await deleteAccount(password);
    } catch (error) {
      setConfirming(false);
      const message = serverFieldErrors(error, ['password'] as const).password;
      if (message) setError('password', { type: 'server', message }, { shouldFocus: true });
      else setFormError(errorMessage(error));
      return;
    }
    reset(EMPTY_DELETE_ACCOUNT_FORM);
    // The server ended every session already: only this device's copy is left to clear.
    void signOut({ callServer: false });
    void toastSuccess(t('accountDeleted'));
    navigate('/sign-in', { replace: true });
  });

  return (
    <section className="card profile-section profile-your-data" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title" className="profile-section__title">
        {t('yourData')}
      </h2>
      <p className="profile-section__lead">{t('yourDataLead')}</p>
      <div className="profile-form__actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void download()}
          disabled={downloading}
          aria-busy={downloading || undefined}
        >
          {downloading ? t('preparingDownload') : t('downloadMyData')}
        </button>
      </div>

      <div className="profile-danger-zone">
        <h3 id="profile-delete-title" className="profile-danger-zone__title">
          {t('deleteAccount')}
        </h3>
        <p className="profile-section__lead">{t('deleteAccountLead')}</p>
        <form className="profile-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-delete-title">
          {formError ? <Notice tone="danger">{formError}</Notice> : null}
          {/* Lets password managers offer this account's password. */}
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <TextField
            label={t('deleteAccountPassword')}
            type="password"
            autoComplete="current-password"
            registration={register('password', { onChange: () => setConfirming(false) })}
            error={errors.password?.message}
          />
          {confirming ? (
            <div className="alert alert-warning profile-confirm" role="alert">
              <p id="profile-delete-confirm-text" ref={confirmText} tabIndex={-1}>
                {t('deleteAccountConfirm')}
              </p>
              <div className="profile-form__actions">
                <SubmitButton busy={isSubmitting} busyLabel={t('deletingAccount')} className="btn btn-danger">
                  {t('yesDeleteMyAccount')}
                </SubmitButton>
                <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)} disabled={isSubmitting}>
                  {t('keepMyAccount')}
                </button>
              </div>
            </div>
          ) : (
            <div className="profile-form__actions">
              <button type="submit" className="btn btn-ghost profile-form__danger">
                {t('deleteAccount')}
              </button>
            </div>
          )}
        </form>
      </div>
    </section>
  );
}
