import { z } from 'zod/mini';
import { type Address, EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { singleLine } from '../../shared/contracts/common.ts';
import { newPasswordSchema } from '../../shared/contracts/user.ts';
import { normalizeVatId } from '../../shared/vat-id.ts';
import type { AddressBody } from './profile-api.ts';

/** Form schemas and conversions of the profile page; pure, so they are unit-tested. */

export const PROFILE_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  addressLine1: 'Please enter your street and house number.',
  zip: 'Please enter your postcode.',
  city: 'Please enter your city.',
  countryId: 'Please choose your country.',
  currentPassword: 'Please enter your current password.',
  repeatPassword: 'Please repeat your new password.',
  passwordsDiffer: 'The passwords do not match.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
} as const;

// Single-line fields: the server refuses line breaks and other control characters with the same message.
const required = (message: string, max: number, min = 1) =>
  z.string().check(z.trim(), z.minLength(min, message), z.maxLength(max, PROFILE_MESSAGES.tooLong(max)), singleLine());
const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max, PROFILE_MESSAGES.tooLong(max)), singleLine());

// --- name and company ---------------------------------------------------------------------------

export const personalFormSchema = z.object({
  firstName: required(PROFILE_MESSAGES.firstName, 100),
  lastName: required(PROFILE_MESSAGES.lastName, 100),
  company: optional(200),
});
export type PersonalFormInput = z.input<typeof personalFormSchema>;

// --- billing address ----------------------------------------------------------------------------

/**
 * The billing address form. Street, postcode, city and country are required with the presence
 * rule of SPEC §5 (addressLine1 longer than 1 character), so a saved address always counts.
 */
export const addressFormSchema = z.object({
  company: optional(200),
  vatId: z.string().check(z.refine((value) => normalizeVatId(value).length <= 20, PROFILE_MESSAGES.tooLong(20))),
  addressLine1: required(PROFILE_MESSAGES.addressLine1, 200, 2),
  addressLine2: optional(200),
  zip: required(PROFILE_MESSAGES.zip, 20),
  city: required(PROFILE_MESSAGES.city, 100),
  state: optional(100),
  countryId: z.string().check(z.regex(/^[1-9]\d*$/, PROFILE_MESSAGES.countryId)),
});
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
] as const satisfies readonly (keyof AddressFormInput)[];

/** The form's values for a stored address (or the empty default of SPEC §3). */
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
  };
}

/** A server problem path ('countryId', '/vatId', 'address.zip') as a field of the address form, or null. */
export function addressFieldOfPath(path: string): (typeof ADDRESS_FORM_FIELDS)[number] | null {
  const name = path.replace(/^\//, '').replace(/^address[./]/, '');
  return (ADDRESS_FORM_FIELDS as readonly string[]).includes(name) ? (name as (typeof ADDRESS_FORM_FIELDS)[number]) : null;
}

// --- password -----------------------------------------------------------------------------------

export const passwordFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, PROFILE_MESSAGES.currentPassword), z.maxLength(128)),
    newPassword: newPasswordSchema,
    repeatPassword: z.string().check(z.minLength(1, PROFILE_MESSAGES.repeatPassword)),
  })
  .check(
    z.refine((value) => value.newPassword === value.repeatPassword, {
      path: ['repeatPassword'],
      message: PROFILE_MESSAGES.passwordsDiffer,
      // Compare even when another field failed, so the mismatch shows with the other errors.
      when: (payload) => {
        const value = payload.value as { newPassword?: unknown; repeatPassword?: unknown } | undefined;
        return typeof value?.newPassword === 'string' && typeof value.repeatPassword === 'string' && value.repeatPassword !== '';
      },
    }),
  );
export type PasswordFormInput = z.input<typeof passwordFormSchema>;
export const EMPTY_PASSWORD_FORM: PasswordFormInput = { currentPassword: '', newPassword: '', repeatPassword: '' };
