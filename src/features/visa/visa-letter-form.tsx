import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { CountrySelect } from '../../components/ui/country-select.tsx';
import { DateField } from '../../components/ui/date-field.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import type { VisaLetter } from '../../shared/contracts/account.ts';
import { submitVisaLetter } from './visa-api.ts';
import { localToday, visaBodyOf, visaFieldOfPath, visaFormSchema, visaFormValues } from './visa-form.ts';

interface VisaLetterFormProps {
  letter: VisaLetter | null;
  profileName: string;
  onSaved: (letter: VisaLetter) => void;
  /** Shown when editing an existing letter: back to it without changes. */
  onCancel?: () => void;
}

/** The details the embassy needs, as in the passport; the server checks them again (errors[] land on the fields). */
export function VisaLetterForm({ letter, profileName, onSaved, onCancel }: VisaLetterFormProps) {
  const t = useT('visa');
  const [formError, setFormError] = useState<string | null>(null);
  const today = useMemo(() => localToday(), []);
  const schema = useMemo(() => visaFormSchema(today), [today]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, {
    mode: 'onTouched',
    defaultValues: visaFormValues(letter, profileName),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await submitVisaLetter(visaBodyOf(values)));
    } catch (error) {
      const problems = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
      let focused = false;
      for (const problem of problems) {
        const field = visaFieldOfPath(problem.path);
        if (!field) continue;
        setError(field, { type: 'server', message: problem.message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused) setFormError(errorMessage(error));
    }
  });

  return (
    <form className="visa-form card" onSubmit={onSubmit} noValidate aria-labelledby="visa-form-title">
      <h2 id="visa-form-title" className="visa-section__title">
        {letter ? t('editYourDetails') : t('yourDetails')}
      </h2>
      <p className="visa-form__lead">{t('formLead')}</p>
      {formError ? <Notice tone="danger">{formError}</Notice> : null}
      <TextField label={t('fullName')} autoComplete="name" registration={register('fullName')} error={errors.fullName?.message} />
      <div className="visa-form__row">
        <TextField
          label={t('passportNumber')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          registration={register('passportNumber')}
          error={errors.passportNumber?.message}
        />
        <CountrySelect
          label={t('nationality')}
          placeholder={t('chooseNationality')}
          autoComplete="off"
          registration={register('nationalityId')}
          error={errors.nationalityId?.message}
          // The options arrive after the stored value: set it again so the saved nationality shows.
          onLoaded={() => setValue('nationalityId', getValues('nationalityId'))}
        />
      </div>
      <div className="visa-form__row">
        <Controller
          control={control}
          name="dateOfBirth"
          render={({ field }) => (
            <DateField
              label={t('dateOfBirth')}
              autoComplete="bday"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.dateOfBirth?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="passportExpiry"
          render={({ field }) => (
            <DateField
              label={t('passportExpiryDate')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.passportExpiry?.message}
              hint={t('passportExpiryHint')}
            />
          )}
        />
      </div>
      <TextField
        label={t('embassyCity')}
        autoComplete="off"
        registration={register('embassyCity')}
        error={errors.embassyCity?.message}
        hint={t('embassyCityHint')}
      />
      <div className="visa-form__actions">
        <SubmitButton busy={isSubmitting} busyLabel={t('creatingLetter')}>
          {letter ? t('saveAndRenew') : t('createLetter')}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSubmitting}>
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
