import { useState } from 'react';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { guestSchema } from '../../shared/contracts/account.ts';
import type { Booking } from '../../shared/contracts/catalog.ts';
import { addGuest } from './booking-api.ts';
import { describeError } from './describe-error.ts';

interface GuestFormProps {
  booking: Booking;
  onAdded: (name: string) => void;
  onCancel: () => void;
}

/** Adds a guest who shares the room (POST /api/booking/guest); the server refuses a full room (409). */
export function GuestForm({ booking, onAdded, onCancel }: GuestFormProps) {
  const t = useT('accommodation');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(guestSchema, { defaultValues: { firstName: '', lastName: '' } });

  const onSubmit = handleSubmit(async (guest) => {
    setFormError(null);
    try {
      await addGuest(booking, guest);
      reset();
      onAdded(`${guest.firstName} ${guest.lastName}`);
    } catch (error) {
      setFormError(describeError(error));
    }
  });

  return (
    <form className="guest-form" onSubmit={onSubmit} noValidate aria-label={t('addGuestForm')}>
      {formError ? (
        <p className="alert alert-danger" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="guest-form__fields">
        <TextField
          label={t('firstName')}
          registration={register('firstName')}
          error={errors.firstName?.message}
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          label={t('lastName')}
          registration={register('lastName')}
          error={errors.lastName?.message}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <div className="guest-form__actions">
        <SubmitButton busy={isSubmitting} busyLabel={t('adding')} className="btn btn-primary btn-sm">
          {t('addGuest')}
        </SubmitButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={isSubmitting}>
          {t('close')}
        </button>
      </div>
    </form>
  );
}
