import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { Booking } from '../../shared/contracts/catalog.ts';
import { hasControlCharacter } from '../../shared/text.ts';
import { addGuest } from './booking-api.ts';
import type { AccommodationT } from './booking-view.ts';
import { describeError } from './describe-error.ts';

/** The server's guest rules (guestSchema in src/shared/contracts/account.ts) with the messages in the page's language. */
function guestFormSchema(t: AccommodationT) {
  const name = () =>
    z.string().check(
      z.trim(),
      z.minLength(1, t('guestNameRequired')),
      z.maxLength(100, t('guestNameTooLong', { max: 100 })),
      z.refine((value) => !hasControlCharacter(value), t('singleLine')),
    );
  return z.object({ firstName: name(), lastName: name() });
}

interface GuestFormProps {
  booking: Booking;
  onAdded: (name: string) => void;
  onCancel: () => void;
}

/** Adds a guest who shares the room (POST /api/booking/guest); the server refuses a full room (409). */
export function GuestForm({ booking, onAdded, onCancel }: GuestFormProps) {
  const t = useT('accommodation');
  const schema = useMemo(() => guestFormSchema(t), [t]);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { firstName: '', lastName: '' } });

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
