import { z } from 'zod/mini';
import { translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { type Address, EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { meetsPasswordRule } from '../../shared/password.ts';
import { hasControlCharacter } from '../../shared/text.ts';
import { normalizeVatId } from '../../shared/vat-id.ts';
import type { AddressBody } from './profile-api.ts';

/**
 * Form schemas and conversions of the profile page; pure, so they are unit-tested. Each schema is
 * made with the page's translator, so its messages are in the active language (the components
 * make it again when the language changes).
 */

/** The profile namespace's translator (useT('profile')). */
export type ProfileT = (key: MessageKey<'profile'>, values?: Values) => string;

// Single-line fields: the rule of the server (src/shared/text.ts), which refuses line breaks and other control characters.
const singleLine = (t: ProfileT) => z.refine<string>((value) => !hasControlCharacter(value), t('singleLine'));
const required = (t: ProfileT, message: MessageKey<'profile'>, max: number, min = 1) =>
  z.string().check(z.trim(), z.minLength(min, t(message)), z.maxLength(max, t('tooLong', { max })), singleLine(t));
const optional = (t: ProfileT, max: number) => z.string().check(z.trim(), z.maxLength(max, t('tooLong', { max })), singleLine(t));

// --- name and company ---------------------------------------------------------------------------

export function personalFormSchema(t: ProfileT) {
  return z.object({
    firstName: required(t, 'firstNameRequired', 100),
    lastName: required(t, 'lastNameRequired', 100),
    company: optional(t, 200),
  });
}
export type PersonalFormInput = z.input<ReturnType<typeof personalFormSchema>>;

// --- billing address ----------------------------------------------------------------------------

/**
 * The billing address form. Street, postcode, city and country are required with the presence
 * rule of SPEC §5 (addressLine1 longer than 1 character), so a saved address always counts.
 */
export function addressFormSchema(t: ProfileT) {
  return z.object({
    company: optional(t, 200),
    vatId: z.string().check(z.refine((value) => normalizeVatId(value).length <= 20, t('tooLong', { max: 20 }))),
    addressLine1: required(t, 'addressLine1Required', 200, 2),
    addressLine2: optional(t, 200),
    zip: required(t, 'zipRequired', 20),
    city: required(t, 'cityRequired', 100),
    state: optional(t, 100),
    countryId: z.string().check(z.regex(/^[1-9]\d*$/, t('countryRequired'))),
  });
}
export type AddressFormInput = z.input<ReturnType<typeof addressFormSchema>>;
export type AddressFormValues = z.output<ReturnType<typeof addressFormSchema>>;
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

/** The new password follows the rule of newPasswordSchema (src/shared/contracts/user.ts), with its messages translated. */
export function passwordFormSchema(t: ProfileT) {
  return z
    .object({
      currentPassword: z.string().check(z.minLength(1, t('currentPasswordRequired')), z.maxLength(128, t('passwordTooLong'))),
      newPassword: z
        .string()
        .check(z.maxLength(128, t('passwordTooLong')), z.refine(meetsPasswordRule, translate('common', 'passwordRule'))),
      repeatPassword: z.string().check(z.minLength(1, t('repeatPasswordRequired'))),
    })
    .check(
      z.refine((value) => value.newPassword === value.repeatPassword, {
        path: ['repeatPassword'],
        message: t('passwordsDiffer'),
        // Compare even when another field failed, so the mismatch shows with the other errors.
        when: (payload) => {
          const value = payload.value as { newPassword?: unknown; repeatPassword?: unknown } | undefined;
          return (
            typeof value?.newPassword === 'string' && typeof value.repeatPassword === 'string' && value.repeatPassword !== ''
          );
        },
      }),
    );
}
export type PasswordFormInput = z.input<ReturnType<typeof passwordFormSchema>>;
export const EMPTY_PASSWORD_FORM: PasswordFormInput = { currentPassword: '', newPassword: '', repeatPassword: '' };
