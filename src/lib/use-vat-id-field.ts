import { useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { translate } from '../i18n/i18n.ts';
import { vatIdResultSchema } from '../shared/contracts/registration.ts';
import { isValidVatId, normalizeVatId } from '../shared/vat-id.ts';
import { api } from './api.ts';

export type VatState = 'idle' | 'checking' | 'valid';

/** POST /api/validation/vat-id (docs/behaviour.md §7): the server decides. */
export async function fetchVatIdValid(countryCode: string, vatNumber: string): Promise<boolean> {
  const result = await api('/api/validation/vat-id', vatIdResultSchema, { method: 'POST', body: { countryCode, vatNumber } });
  return result.valid;
}

/**
 * The VAT ID field of an address form (registration account step, profile): normalised on blur,
 * checked by the server (docs/behaviour.md §5: spaces removed; an invalid ID or a failed call shows the
 * message, in the active language). `checkVat` is also awaited before submitting.
 */
export function useVatIdField<T extends FieldValues & { vatId: string }>(form: UseFormReturn<T>) {
  const { register, getValues, setValue, setError, clearErrors } = form;
  const field = 'vatId' as Path<T>;
  const [vatState, setVatState] = useState<VatState>('idle');
  // Only a yes is remembered: a failed call is asked again next time.
  const validVatIds = useRef(new Set<string>());

  const checkVat = async (raw: string): Promise<boolean> => {
    const vatId = normalizeVatId(raw);
    if (vatId === '') {
      setVatState('idle');
      if (form.formState.errors.vatId?.type === 'vat') clearErrors(field);
      return true;
    }
    let valid = validVatIds.current.has(vatId);
    if (!valid) {
      setVatState('checking');
      valid = await isValidVatId(vatId, fetchVatIdValid);
      if (valid) validVatIds.current.add(vatId);
    }
    if (normalizeVatId(getValues(field)) !== vatId) return valid; // changed meanwhile
    setVatState(valid ? 'valid' : 'idle');
    if (valid) clearErrors(field);
    else setError(field, { type: 'vat', message: translate('validation', 'invalidVatId') });
    return valid;
  };

  const vatRegistration = register(field, {
    onChange: () => setVatState('idle'),
    onBlur: (event: { target: { value: string } }) => {
      const vatId = normalizeVatId(event.target.value);
      if (vatId !== event.target.value) setValue(field, vatId as PathValue<T, Path<T>>);
      void checkVat(vatId);
    },
  });

  /** After the form was reset (the address was deleted): no check result is shown any more. */
  const resetVatState = () => setVatState('idle');

  return { vatState, checkVat, vatRegistration, resetVatState };
}
