import { z } from 'zod/mini';
import type { addressFormSchema } from '../../lib/address-form.ts';
import { type Address, EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { requiredText, trimmed } from '../../shared/contracts/common.ts';
import { meetsPasswordRule } from '../../shared/password.ts';
import { says } from '../../shared/validation.ts';
import { normalizeVatId } from '../../shared/vat-id.ts';
import type { AddressBody } from './profile-api.ts';

/**
 * Form schemas and conversions of the profile page; pure, so they are unit-tested. Their messages
 * are keys of the validation catalogue, worded in the active language by the forms (src/i18n/form-resolver.ts).
 */

// --- name and company ---------------------------------------------------------------------------

export const personalFormSchema = z.object({
  firstName: requiredText('firstNameRequired', 100),
  lastName: requiredText('lastNameRequired', 100),
  company: trimmed(200),
});
export type PersonalFormInput = z.input<typeof personalFormSchema>;

// --- billing address ----------------------------------------------------------------------------

export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;
export const ADDRESS_FORM_FIELDS = [
  'company',
  'vatId',
  'addressLine1',
  'addressLine2',
  'zip',
  'city',
  'state',
  'countryId',
  'buyerReference',
  'purchaseOrder',
] as const satisfies readonly (keyof AddressFormInput)[];

/** The form's values for a stored address (or the empty default of docs/behaviour.md §3). */
export function addressFormValues(address: Address | null): AddressFormInput {
  const source = address ?? EMPTY_ADDRESS;
  return {
    company: source.company,
    vatId: source.vatId,
    addressLine1: source.addressLine1,
    addressLine2: source.addressLine2,
    zip: source.zip,
    city: source.city,
    state: source.state,
    countryId: source.countryId === null ? '' : String(source.countryId),
    buyerReference: source.buyerReference,
    purchaseOrder: source.purchaseOrder,
  };
}

/** The body of POST or PATCH /api/address/. */
export function addressBodyOf(values: AddressFormValues): AddressBody {
  return {
    type: 'billingAddress',
    company: values.company,
    vatId: normalizeVatId(values.vatId),
    addressLine1: values.addressLine1,
    addressLine2: values.addressLine2,
    zip: values.zip,
    city: values.city,
    state: values.state,
    countryId: Number(values.countryId),
    buyerReference: values.buyerReference,
    purchaseOrder: values.purchaseOrder,
  };
}

/** A server problem path ('countryId', '/vatId', 'address.zip') as a field of the address form, or null. */
export function addressFieldOfPath(path: string): (typeof ADDRESS_FORM_FIELDS)[number] | null {
  const name = path.replace(/^\//, '').replace(/^address[./]/, '');
  return (ADDRESS_FORM_FIELDS as readonly string[]).includes(name) ? (name as (typeof ADDRESS_FORM_FIELDS)[number]) : null;
}

// --- password -----------------------------------------------------------------------------------

/** The new password follows the rule of newPasswordSchema (src/shared/contracts/user.ts). */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, says('currentPasswordRequired')), z.maxLength(128, says('passwordTooLong'))),
    newPassword: z.string().check(z.maxLength(128, says('passwordTooLong')), z.refine(meetsPasswordRule, says('passwordRule'))),
    repeatPassword: z.string().check(z.minLength(1, says('repeatNewPasswordRequired'))),
  })
  .check(
    z.refine((value) => value.newPassword === value.repeatPassword, {
      path: ['repeatPassword'],
      message: says('passwordsDiffer'),
      // Compare even when another field failed, so the mismatch shows with the other errors.
      when: (payload) => {
        const value = payload.value as { newPassword?: unknown; repeatPassword?: unknown } | undefined;
        return typeof value?.newPassword === 'string' && typeof value.repeatPassword === 'string' && value.repeatPassword !== '';
      },
    }),
  );
export type PasswordFormInput = z.input<typeof passwordFormSchema>;
export const EMPTY_PASSWORD_FORM: PasswordFormInput = { currentPassword: '', newPassword: '', repeatPassword: '' };

// --- account deletion ---------------------------------------------------------------------------

/** The password that confirms DELETE /api/user/ (the server checks it; 403 when wrong). */
export const deleteAccountFormSchema = z.object({
  password: z.string().check(z.minLength(1, says('currentPasswordRequired')), z.maxLength(128, says('passwordTooLong'))),
});
export type DeleteAccountFormInput = z.input<typeof deleteAccountFormSchema>;
export const EMPTY_DELETE_ACCOUNT_FORM: DeleteAccountFormInput = { password: '' };
