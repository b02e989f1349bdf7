import { useAtomValue, useStore } from 'jotai';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CountrySelect } from '../../components/ui/country-select.tsx';
import { NewPasswordField } from '../../components/ui/new-password-field.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TermsCheckbox } from '../../components/ui/terms-checkbox.tsx';
import { EmailField, TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { languageAtom } from '../../i18n/i18n.ts';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useValidationText } from '../../i18n/validation-text.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { isStrongPassword } from '../../lib/password-strength.ts';
import { useVatIdField } from '../../lib/use-vat-id-field.ts';
import { hostCodeBlocked } from '../../shared/registration-rules.ts';
import {
  type AccountFormField,
  accountBodyOf,
  accountFormDefaults,
  accountFormSchema,
  billingAddressOf,
  formFieldOfServerPath,
} from './account-form-schema.ts';
import { EMAIL_CHECK_MESSAGE_KEYS, eligibilityUpdate, emailDomain, emailProblem, isCheckableEmail } from './email-checks.ts';
import { createAccount, fetchEligibility, fetchGrayListed } from './registration-api.ts';
import { registrationNoticeAtom } from './registration-notice.ts';
import { type RegistrationState, registrationAtom } from './registration-state.ts';

const EMAIL_CHECK_DEBOUNCE_MS = 700;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The way back to the pass choice after the server refused the pass; a component, so it follows the language. */
function ChooseAnotherPass() {
  const t = useT('registration');
  return <Link to="/registration">{t('chooseAnotherPass')}</Link>;
}

/**
 * The Your Account form: e-mail (eligibility and provider checks while typing), password with
 * rule and strength meter, name, company and billing address with the VAT ID check; submitting
 * creates the account and the pending pass (POST /api/registration/account).
 */
export function AccountForm() {
  const t = useT('registration');
  const word = useValidationText();
  const navigate = useNavigate();
  const store = useStore();
  const registration = useAtomValue(registrationAtom);
  const [formError, setFormError] = useState<ReactNode>(null);
  /** The address the server mailed the next step to (the registration goes on from the link). */
  const [inboxFor, setInboxFor] = useState<string | null>(null);
  const [emailChecking, setEmailChecking] = useState(false);
  const [emailCheckFailed, setEmailCheckFailed] = useState(false);
  const emailCheckRef = useRef<{ email: string; promise: Promise<RegistrationState> } | null>(null);
  const mounted = useRef(true);

  const form = useSchemaForm(accountFormSchema, {
    mode: 'onTouched',
    defaultValues: accountFormDefaults(registration),
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const { vatState, checkVat, vatRegistration } = useVatIdField(form);
  const [email, password, firstName, lastName] = watch(['email', 'password', 'firstName', 'lastName']);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** One check per address: eligibility (docs/behaviour.md §4) and the gray-listed provider (behaviour §5), in parallel. */
  const runEmailCheck = useCallback(
    async (address: string): Promise<RegistrationState> => {
      if (mounted.current) setEmailChecking(true);
      const [eligibility, grayListed] = await Promise.all([
        fetchEligibility(address).catch(() => null),
        // A failed provider check counts as not gray-listed.
        fetchGrayListed(emailDomain(address)).catch(() => false),
      ]);
      if (emailCheckRef.current?.email !== address) return store.get(registrationAtom); // superseded
      if (eligibility === null) emailCheckRef.current = null; // ask again next time
      store.set(registrationAtom, {
        ...eligibilityUpdate(store.get(registrationAtom), address, eligibility),
        grayListedEmailProvider: grayListed,
      });
      const next = store.get(registrationAtom);
      if (mounted.current) {
        setEmailChecking(false);
        setEmailCheckFailed(eligibility === null);
        // docs/behaviour.md §6: back to the pass choice; the registration frame's guard drops the host code
        // and the landing explains why.
        if (hostCodeBlocked(next)) navigate('/registration');
      }
      return next;
    },
    [navigate, store],
  );

  /** The state after checking `raw`, reusing a check under way or done for the same address. */
  const checkEmail = useCallback(
    (raw: string): Promise<RegistrationState> | null => {
      const address = normalizeEmail(raw);
      if (!isCheckableEmail(address)) return null;
      if (emailCheckRef.current?.email === address) return emailCheckRef.current.promise;
      const current = store.get(registrationAtom);
      if (current.eligibilityCheckComplete && current.email === address && emailCheckRef.current === null) {
        return Promise.resolve(current);
      }
      const entry = { email: address, promise: Promise.resolve(current) };
      emailCheckRef.current = entry;
      entry.promise = runEmailCheck(address);
      return entry.promise;
    },
    [runEmailCheck, store],
  );

  // Check while typing, once the address looks complete and typing pauses.
  useEffect(() => {
    if (!isCheckableEmail(email)) return;
    const timer = setTimeout(() => void checkEmail(email), EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email, checkEmail]);

  const emailRegistration = register('email', {
    onBlur: (event: { target: { value: string } }) => void checkEmail(event.target.value),
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setInboxFor(null);
    // The checks must have seen this very address; a check under way is awaited.
    const checked = (await checkEmail(values.email)) ?? store.get(registrationAtom);
    if (hostCodeBlocked(checked)) return; // on its way back to /registration
    if (checked.email === values.email && emailProblem(checked)) {
      setFocus('email');
      return;
    }
    const pass = checked.pass;
    if (!pass) {
      setFormError(<Text ns="registration" k="choosePassFirst" components={{ link: <Link to="/registration" /> }} />);
      return;
    }
    if (!(await checkVat(values.vatId))) {
      setFocus('vatId');
      return;
    }
    // Same inputs as the server's check; if zxcvbn cannot load, the server decides.
    const strong = await isStrongPassword(values.password, [values.email, values.firstName, values.lastName]).catch(() => true);
    if (!strong) {
      setError('password', { type: 'strength', message: word({ key: 'passwordTooWeak' }) }, { shouldFocus: true });
      return;
    }
    try {
      await createAccount({
        ...accountBodyOf(values, { pass, voucherCode: checked.voucherCode, freeClaim: checked.freeClaim }),
        // The account's mails (starting with the confirmation) and PDFs are written in it.
        language: store.get(languageAtom),
      });
      // Kept for the confirmation link opened in this browser: the flow goes on from there.
      store.set(registrationAtom, {
        email: normalizeEmail(values.email),
        firstName: values.firstName,
        lastName: values.lastName,
        address: billingAddressOf(values),
        hasFilledOutUserData: true,
      });
      // Whatever the address (new, or with an account), the next step is in the mail.
      setInboxFor(values.email);
    } catch (error) {
      showSubmitError(error);
    }
  });

  function showSubmitError(error: unknown) {
    // The free pass's hold ran out: choose the pass again (a new hold) on the Pass step.
    if (error instanceof ApiError && error.status === 409 && error.fieldError('freeClaimToken')) {
      store.set(registrationAtom, { pass: null, voucherCode: null, freeClaim: null, eligibilityCheckComplete: false });
      store.set(registrationNoticeAtom, { kind: 'free-claim-expired' });
      navigate('/registration');
      return;
    }
    const problems = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
    let focused = false;
    for (const problem of problems) {
      const field = formFieldOfServerPath(problem.path);
      if (!field) continue;
      // 'refused' (blacklisted, gray-listed free pass) offers another pass.
      const refused = error instanceof ApiError && error.status === 403;
      const type = field === 'email' && refused ? 'refused' : 'server';
      setError(field, { type, message: problem.message }, { shouldFocus: !focused });
      focused = true;
    }
    if (focused) return;
    const passProblem = error instanceof ApiError && (error.status === 403 || error.status === 409);
    setFormError(
      <>
        {errorMessage(error)}
        {passProblem ? (
          <>
            {' '}
            <ChooseAnotherPass />
          </>
        ) : null}
      </>,
    );
  }

  // The server-side checks speak only about the address they checked, i.e. the one typed now.
  const problem = registration.email === normalizeEmail(email) ? emailProblem(registration) : null;
  const emailError = errors.email?.message ?? (problem ? t(EMAIL_CHECK_MESSAGE_KEYS[problem]) : undefined);
  let emailAction: ReactNode = null;
  if (errors.email?.type === 'refused' || (!errors.email && problem)) emailAction = <ChooseAnotherPass />;

  const fieldError = (field: AccountFormField) => errors[field]?.message;
  const termsError = fieldError('acceptTerms');

  // Sent: the next step is the link in the mail; the form comes back only to correct the details.
  if (inboxFor) {
    return (
      <div className="card reg-form__section">
        <Notice tone="info" role="alert">
          <Text
            ns="registration"
            k="checkInbox"
            values={{ email: <>{inboxFor}</> }}
            components={{ strong: <strong />, link: <Link to="/sign-in" /> }}
          />
        </Notice>
        <div className="reg-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setInboxFor(null)}>
            {t('changeAccountDetails')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="reg-form" onSubmit={onSubmit} noValidate aria-describedby={formError ? 'account-form-error' : undefined}>
      {formError ? (
        <div id="account-form-error">
          <Notice tone="danger">{formError}</Notice>
        </div>
      ) : null}

      <fieldset className="card reg-form__section">
        <legend className="reg-form__legend">{t('signInDetails')}</legend>
        <EmailField
          registration={emailRegistration}
          error={emailError}
          errorAction={emailAction}
          aria-busy={emailChecking || undefined}
          hint={emailChecking ? t('checkingEmail') : emailCheckFailed ? t('emailCheckFailed') : t('emailConfirmationHint')}
        />
        <NewPasswordField
          label={t('passwordLabel')}
          registration={register('password')}
          password={password}
          error={fieldError('password')}
          userInputs={[email, firstName, lastName]}
        />
        <TextField
          label={t('repeatPasswordLabel')}
          type="password"
          autoComplete="new-password"
          registration={register('repeatPassword')}
          error={fieldError('repeatPassword')}
        />
      </fieldset>

      <fieldset className="card reg-form__section">
        <legend className="reg-form__legend">{t('aboutYou')}</legend>
        <div className="reg-form__row">
          <TextField
            label={t('firstNameLabel')}
            autoComplete="given-name"
            registration={register('firstName')}
            error={fieldError('firstName')}
          />
          <TextField
            label={t('lastNameLabel')}
            autoComplete="family-name"
            registration={register('lastName')}
            error={fieldError('lastName')}
          />
        </div>
        <TextField
          label={t('companyLabel')}
          autoComplete="organization"
          registration={register('company')}
          error={fieldError('company')}
        />
      </fieldset>

      <fieldset className="card reg-form__section">
        <legend className="reg-form__legend">{t('billingAddress')}</legend>
        <TextField
          label={t('addressLine1Label')}
          autoComplete="address-line1"
          registration={register('addressLine1')}
          error={fieldError('addressLine1')}
        />
        <TextField
          label={t('addressLine2Label')}
          autoComplete="address-line2"
          registration={register('addressLine2')}
          error={fieldError('addressLine2')}
        />
        <div className="reg-form__row reg-form__row--zip">
          <TextField label={t('zipLabel')} autoComplete="postal-code" registration={register('zip')} error={fieldError('zip')} />
          <TextField
            label={t('cityLabel')}
            autoComplete="address-level2"
            registration={register('city')}
            error={fieldError('city')}
          />
        </div>
        <div className="reg-form__row">
          <TextField
            label={t('stateLabel')}
            autoComplete="address-level1"
            registration={register('state')}
            error={fieldError('state')}
          />
          <CountrySelect
            label={t('countryLabel')}
            registration={register('countryId')}
            error={fieldError('countryId')}
            // Options arrive after the form's default: set it again so a restored country shows.
            onLoaded={() => setValue('countryId', getValues('countryId'))}
          />
        </div>
        <TextField
          label={t('vatIdLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('vatIdPlaceholder')}
          registration={vatRegistration}
          error={fieldError('vatId')}
          aria-busy={vatState === 'checking' || undefined}
          hint={
            vatState === 'checking' ? (
              t('checkingVatId')
            ) : vatState === 'valid' ? (
              <span className="reg-form__ok">{t('vatIdVerified')}</span>
            ) : (
              t('vatIdHint')
            )
          }
        />
        <div className="reg-form__row">
          <TextField
            label={t('buyerReferenceLabel')}
            autoComplete="off"
            spellCheck={false}
            registration={register('buyerReference')}
            error={fieldError('buyerReference')}
            hint={t('buyerReferenceHint')}
          />
          <TextField
            label={t('purchaseOrderLabel')}
            autoComplete="off"
            spellCheck={false}
            registration={register('purchaseOrder')}
            error={fieldError('purchaseOrder')}
          />
        </div>
      </fieldset>

      <TermsCheckbox registration={register('acceptTerms')} error={termsError} />

      <div className="reg-actions">
        <Link to="/registration/hotel" className="btn btn-ghost">
          {t('back')}
        </Link>
        <SubmitButton busy={isSubmitting} busyLabel={t('creatingYourAccount')} className="btn btn-primary btn-lg">
          {t('createAccountAndContinue')}
        </SubmitButton>
      </div>
    </form>
  );
}
