import { z } from 'zod/mini';
import { addressFormSchema } from '../../lib/address-form.ts';
import type { Address } from '../../shared/contracts/catalog.ts';
import { requiredText } from '../../shared/contracts/common.ts';
import { emailSchema, newPasswordSchema } from '../../shared/contracts/user.ts';
import { says } from '../../shared/validation.ts';
import { normalizeVatId } from '../../shared/vat-id.ts';
import type { AccountBody } from './registration-api.ts';
import type { RegistrationState } from './registration-state.ts';

const passwordsMatch = (value: { password: string; repeatPassword: string }) =>
  value.repeatPassword === '' || value.password === value.repeatPassword;

/**
 * The Your Account form. The billing address follows the presence rule of docs/behaviour.md §5 (country,
 * addressLine1 longer than 1 character, zip and city), so a created account always "has" one.
 */
export const accountFormSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    repeatPassword: z.string().check(z.minLength(1, says('repeatPasswordRequired'))),
    firstName: requiredText('firstNameRequired', 100),
    lastName: requiredText('lastNameRequired', 100),
    // The billing address, as on the profile page.
    ...addressFormSchema.shape,
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, says('termsAndPrivacyRequired'))),
  })
  .check(
    z.refine(passwordsMatch, {
      path: ['repeatPassword'],
      message: says('passwordsDiffer'),
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
  'buyerReference',
  'purchaseOrder',
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
    buyerReference: address?.buyerReference ?? '',
    purchaseOrder: address?.purchaseOrder ?? '',
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
    buyerReference: values.buyerReference,
    purchaseOrder: values.purchaseOrder,
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
