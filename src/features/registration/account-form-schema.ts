import { z } from 'zod/mini';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import type { Address } from '../../shared/contracts/catalog.ts';
import { singleLine } from '../../shared/contracts/common.ts';
import { emailSchema, newPasswordSchema } from '../../shared/contracts/user.ts';
import type { AccountBody } from './registration-api.ts';
import type { RegistrationState } from './registration-state.ts';
import { normalizeVatId } from '../../shared/vat-id.ts';

export const ACCOUNT_FORM_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  addressLine1: 'Please enter your street and house number.',
  zip: 'Please enter your postcode.',
  city: 'Please enter your city.',
  countryId: 'Please choose your country.',
  repeatPassword: 'Please repeat your password.',
  passwordsDiffer: 'The passwords do not match.',
  acceptTerms: 'Please accept the terms and conditions and the privacy policy.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
} as const;

/** The longest values the form allows (the `tooLong` messages). */
const MAX_LENGTHS = [20, 100, 200] as const;

const MESSAGE_KEYS: ReadonlyMap<string, MessageKey<'registration'>> = new Map<string, MessageKey<'registration'>>([
  [ACCOUNT_FORM_MESSAGES.firstName, 'firstNameRequired'],
  [ACCOUNT_FORM_MESSAGES.lastName, 'lastNameRequired'],
  [ACCOUNT_FORM_MESSAGES.addressLine1, 'addressLine1Required'],
  [ACCOUNT_FORM_MESSAGES.zip, 'zipRequired'],
  [ACCOUNT_FORM_MESSAGES.city, 'cityRequired'],
  [ACCOUNT_FORM_MESSAGES.countryId, 'countryRequired'],
  [ACCOUNT_FORM_MESSAGES.repeatPassword, 'repeatPasswordRequired'],
  [ACCOUNT_FORM_MESSAGES.passwordsDiffer, 'passwordsDiffer'],
  [ACCOUNT_FORM_MESSAGES.acceptTerms, 'termsAndPrivacyRequired'],
]);

/**
 * One of the form's own messages (above, in English as the schema writes them) in the active
 * language, or undefined for any other message. `t` is the registration namespace's translator.
 */
export function accountFormMessage(
  message: string,
  t: (key: MessageKey<'registration'>, values?: Values) => string,
): string | undefined {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(key);
  const max = MAX_LENGTHS.find((length) => message === ACCOUNT_FORM_MESSAGES.tooLong(length));
  return max === undefined ? undefined : t('tooLong', { max });
}

// Single-line fields: the server refuses line breaks and other control characters with the same message.
const required = (message: string, max: number, min = 1) =>
  z.string().check(z.trim(), z.minLength(min, message), z.maxLength(max, ACCOUNT_FORM_MESSAGES.tooLong(max)), singleLine());
const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max, ACCOUNT_FORM_MESSAGES.tooLong(max)), singleLine());

/**
 * The Your Account form. The billing address follows the presence rule of SPEC §5 (country,
 * addressLine1 longer than 1 character, zip and city), so a created account always "has" one.
 */
export const accountFormSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    repeatPassword: z.string().check(z.minLength(1, ACCOUNT_FORM_MESSAGES.repeatPassword)),
    firstName: required(ACCOUNT_FORM_MESSAGES.firstName, 100),
    lastName: required(ACCOUNT_FORM_MESSAGES.lastName, 100),
    company: optional(200),
    addressLine1: required(ACCOUNT_FORM_MESSAGES.addressLine1, 200, 2),
    addressLine2: optional(200),
    zip: required(ACCOUNT_FORM_MESSAGES.zip, 20),
    city: required(ACCOUNT_FORM_MESSAGES.city, 100),
    state: optional(100),
    countryId: z.string().check(z.regex(/^[1-9]\d*$/, ACCOUNT_FORM_MESSAGES.countryId)),
    // Checked by the server on blur (vat-id.ts); here only its length once spaces are gone.
    vatId: z.string().check(z.refine((value) => normalizeVatId(value).length <= 20, ACCOUNT_FORM_MESSAGES.tooLong(20))),
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, ACCOUNT_FORM_MESSAGES.acceptTerms)),
  })
  .check(
    z.refine((value) => value.repeatPassword === '' || value.password === value.repeatPassword, {
      path: ['repeatPassword'],
      message: ACCOUNT_FORM_MESSAGES.passwordsDiffer,
      // Compare even when another field failed, so the mismatch shows with the other errors.
      when: (payload) => {
        const value = payload.value as { password?: unknown; repeatPassword?: unknown } | undefined;
        return typeof value?.password === 'string' && typeof value.repeatPassword === 'string';
      },
    }),
  );

export type AccountFormInput = z.input<typeof accountFormSchema>;
export type AccountFormValues = z.output<typeof accountFormSchema>;

export const ACCOUNT_FORM_FIELDS = [
  'email',
  'password',
  'repeatPassword',
  'firstName',
  'lastName',
  'company',
  'addressLine1',
  'addressLine2',
  'zip',
  'city',
  'state',
  'countryId',
  'vatId',
  'acceptTerms',
] as const satisfies readonly (keyof AccountFormInput)[];
export type AccountFormField = (typeof ACCOUNT_FORM_FIELDS)[number];

/** The form's starting values: what the registration already knows (a returning visitor). */
export function accountFormDefaults(
  state: Pick<RegistrationState, 'email' | 'firstName' | 'lastName' | 'address'>,
): AccountFormInput {
  const address = state.address;
  return {
    email: state.email,
    password: '',
    repeatPassword: '',
    firstName: state.firstName,
    lastName: state.lastName,
    company: address?.company ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    zip: address?.zip ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    countryId: address?.countryId == null ? '' : String(address.countryId),
    vatId: address?.vatId ?? '',
    acceptTerms: false,
  };
}

/** The billing address as stored in the registration state and sent to the server. */
export function billingAddressOf(values: AccountFormValues): Address & { countryId: number } {
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

/** POST /api/registration/account body: the form plus the chosen pass and voucher code. */
export function accountBodyOf(
  values: AccountFormValues,
  registration: {
    pass: { id: number };
    voucherCode: RegistrationState['voucherCode'];
    freeClaim?: RegistrationState['freeClaim'];
  },
): AccountBody {
  return {
    email: values.email,
    password: values.password,
    firstName: values.firstName,
    lastName: values.lastName,
    company: values.company,
    address: billingAddressOf(values),
    passTypeId: registration.pass.id,
    voucherCode: registration.voucherCode?.code ?? null,
    freeClaimToken: registration.freeClaim?.token ?? null,
  };
}

/** A problem `errors[].path` from the server ('address.vatId', 'email'...) as a form field, or null. */
export function formFieldOfServerPath(path: string): AccountFormField | null {
  const name = path.replace(/^address[./]/, '').replace(/^\//, '');
  return (ACCOUNT_FORM_FIELDS as readonly string[]).includes(name) ? (name as AccountFormField) : null;
}
