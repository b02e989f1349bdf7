import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { userAtom } from '../../lib/session.ts';
import { toastSuccess } from '../../lib/toast.ts';
import type { User } from '../../shared/contracts/user.ts';
import { patchUser } from './profile-api.ts';
import { type PersonalFormInput, personalFormSchema } from './profile-forms.ts';

const FIELDS = ['firstName', 'lastName', 'company'] as const;

const valuesOf = (user: User): PersonalFormInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  company: user.company,
});

/** Name and company (PATCH /api/user/); the e-mail address is the sign-in name and shown read-only. */
export function PersonalDetailsForm({ user }: { user: User }) {
  const t = useT('profile');
  const setUser = useSetAtom(userAtom);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useSchemaForm(personalFormSchema, { mode: 'onTouched', defaultValues: valuesOf(user) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const updated = await patchUser(values);
      // The menu and the greeting read the user atom: they show the new name at once.
      setUser(updated);
      reset(valuesOf(updated));
      void toastSuccess();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, FIELDS);
      let focused = false;
      for (const field of FIELDS) {
        const message = fieldErrors[field];
        if (!message) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused) setFormError(errorMessage(error));
    }
  });

  return (
    <section className="card profile-section" aria-labelledby="profile-personal-title">
      <h2 id="profile-personal-title" className="profile-section__title">
        {t('personalDetails')}
      </h2>
      <form className="profile-form" onSubmit={onSubmit} noValidate>
        {formError ? <Notice tone="danger">{formError}</Notice> : null}
        <div className="profile-form__row">
          <TextField
            label={t('firstName')}
            autoComplete="given-name"
            registration={register('firstName')}
            error={errors.firstName?.message}
          />
          <TextField
            label={t('lastName')}
            autoComplete="family-name"
            registration={register('lastName')}
            error={errors.lastName?.message}
          />
        </div>
        <TextField
          label={t('companyOptional')}
          autoComplete="organization"
          registration={register('company')}
          error={errors.company?.message}
        />
        <div className="field">
          <label className="field-label" htmlFor="profile-email">
            {t('email')}
          </label>
          <input
            id="profile-email"
            className="input profile-form__readonly"
            type="email"
            value={user.email}
            readOnly
            aria-readonly="true"
            aria-describedby="profile-email-hint"
          />
          <p id="profile-email-hint" className="field-hint">
            {t('emailHint')}
          </p>
        </div>
        <div className="profile-form__actions">
          <SubmitButton busy={isSubmitting} busyLabel={t('saving')}>
            {t('saveDetails')}
          </SubmitButton>
          {isDirty && !isSubmitting ? (
            <button type="button" className="btn btn-ghost" onClick={() => reset(valuesOf(user))}>
              {t('discardChanges')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
