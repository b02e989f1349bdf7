import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { CountrySelect } from '../../components/ui/country-select.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { addressFormSchema } from '../../lib/address-form.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { addressAtom } from '../../lib/session.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useVatIdField } from '../../lib/use-vat-id-field.ts';
import { type Address, EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { deleteAddress, readBillingAddress, saveBillingAddress } from './profile-api.ts';
import { addressBodyOf, addressFieldOfPath, addressFormValues } from './profile-forms.ts';

/**
 * The billing address (docs/behaviour.md §7): loaded on arrival (a failed load falls back to the empty default,
 * §8); saving reads first and then PATCHes or POSTs; an existing address can be deleted.
 */
export function BillingAddressForm() {
  const t = useT('profile');
  const setStoredAddress = useSetAtom(addressAtom);
  const [address, setAddress] = useState<Address | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const form = useSchemaForm(addressFormSchema, { mode: 'onTouched', defaultValues: addressFormValues(null) });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  const { vatState, checkVat, vatRegistration, resetVatState } = useVatIdField(form);

  const load = useRequest((signal) => readBillingAddress(signal), []);
  const loadFailed = load.status === 'error';

  useEffect(() => {
    if (load.status === 'loading') return;
    // docs/behaviour.md §8: a failed load falls back to the empty default address.
    const loaded = load.status === 'ready' ? load.data : null;
    setAddress(loaded);
    setStoredAddress(loaded ?? EMPTY_ADDRESS);
    // What the person typed while the address was loading (and its messages) stays: only the
    // fields they have not touched take the stored values.
    reset(addressFormValues(loaded), { keepDirtyValues: true, keepErrors: true });
  }, [load.status, load.data, reset, setStoredAddress]);

  // The question takes the focus, so keyboard users answer it next.
  useEffect(() => {
    if (confirmDelete) confirmButton.current?.focus();
  }, [confirmDelete]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setConfirmDelete(false);
    if (!(await checkVat(values.vatId))) {
      setFocus('vatId');
      return;
    }
    try {
      const saved = await saveBillingAddress(addressBodyOf(values));
      setAddress(saved);
      setStoredAddress(saved);
      reset(addressFormValues(saved));
      void toastSuccess(t('addressSaved'));
    } catch (error) {
      showError(error);
    }
  });

  function showError(error: unknown) {
    const problems = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
    let focused = false;
    for (const problem of problems) {
      const field = addressFieldOfPath(problem.path);
      if (!field) continue;
      setError(field, { type: 'server', message: problem.message }, { shouldFocus: !focused });
      focused = true;
    }
    if (!focused) setFormError(errorMessage(error));
  }

  const remove = async () => {
    if (address?.id === undefined) return;
    setDeleting(true);
    setFormError(null);
    try {
      await deleteAddress(address.id);
      setAddress(null);
      setStoredAddress(EMPTY_ADDRESS);
      reset(addressFormValues(null));
      resetVatState();
      void toastSuccess(t('addressDeleted'));
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  const busy = isSubmitting || deleting || load.status === 'loading';

  return (
    <section className="card profile-section" aria-labelledby="profile-address-title" aria-busy={load.status === 'loading'}>
      <h2 id="profile-address-title" className="profile-section__title">
        {t('billingAddress')}
      </h2>
      <p className="profile-section__lead">{t('billingAddressLead')}</p>
      <form className="profile-form" onSubmit={onSubmit} noValidate>
        {loadFailed ? (
          <Notice tone="warning">
            {t('addressLoadFailed')}{' '}
            <button type="button" className="btn btn-ghost btn-sm" onClick={load.retry}>
              {t('tryAgain')}
            </button>
          </Notice>
        ) : null}
        {formError ? <Notice tone="danger">{formError}</Notice> : null}
        <TextField
          label={t('companyOptional')}
          autoComplete="organization"
          registration={register('company')}
          error={errors.company?.message}
        />
        <TextField
          label={t('vatIdOptional')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('vatIdPlaceholder')}
          registration={vatRegistration}
          error={errors.vatId?.message}
          aria-busy={vatState === 'checking' || undefined}
          hint={
            vatState === 'checking' ? (
              t('vatIdChecking')
            ) : vatState === 'valid' ? (
              <span className="profile-form__ok">{t('vatIdVerified')}</span>
            ) : (
              t('vatIdHint')
            )
          }
        />
        <TextField
          label={t('street')}
          autoComplete="address-line1"
          registration={register('addressLine1')}
          error={errors.addressLine1?.message}
        />
        <TextField
          label={t('addressLine2Optional')}
          autoComplete="address-line2"
          registration={register('addressLine2')}
          error={errors.addressLine2?.message}
        />
        <div className="profile-form__row profile-form__row--zip">
          <TextField
            label={t('postcode')}
            autoComplete="postal-code"
            registration={register('zip')}
            error={errors.zip?.message}
          />
          <TextField
            label={t('city')}
            autoComplete="address-level2"
            registration={register('city')}
            error={errors.city?.message}
          />
        </div>
        <div className="profile-form__row">
          <TextField
            label={t('stateOptional')}
            autoComplete="address-level1"
            registration={register('state')}
            error={errors.state?.message}
          />
          <CountrySelect
            label={t('country')}
            registration={register('countryId')}
            error={errors.countryId?.message}
            // The options arrive after the stored value: set it again so the saved country shows.
            onLoaded={() => setValue('countryId', getValues('countryId'))}
          />
        </div>
        <div className="profile-form__row">
          <TextField
            label={t('buyerReferenceOptional')}
            autoComplete="off"
            spellCheck={false}
            registration={register('buyerReference')}
            error={errors.buyerReference?.message}
            hint={t('buyerReferenceHint')}
          />
          <TextField
            label={t('purchaseOrderOptional')}
            autoComplete="off"
            spellCheck={false}
            registration={register('purchaseOrder')}
            error={errors.purchaseOrder?.message}
          />
        </div>
        <div className="profile-form__actions">
          <SubmitButton busy={isSubmitting} busyLabel={t('saving')}>
            {address ? t('saveAddress') : t('addAddress')}
          </SubmitButton>
          {address?.id !== undefined && !confirmDelete ? (
            <button
              type="button"
              className="btn btn-ghost profile-form__danger"
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
            >
              {t('deleteAddress')}
            </button>
          ) : null}
        </div>
        {confirmDelete ? (
          <div className="alert alert-warning profile-confirm">
            <p id="profile-address-delete-text">{t('deleteAddressConfirm')}</p>
            <div className="profile-form__actions">
              <button
                ref={confirmButton}
                type="button"
                className="btn btn-danger"
                onClick={remove}
                aria-describedby="profile-address-delete-text"
                disabled={deleting}
                aria-busy={deleting || undefined}
              >
                {deleting ? t('deleting') : t('yesDeleteIt')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(false)} disabled={deleting}>
                {t('keepIt')}
              </button>
            </div>
          </div>
        ) : null}
      </form>
    </section>
  );
}
