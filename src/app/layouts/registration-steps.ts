import type { RegistrationState } from '../../features/registration/registration-state.ts';
import { translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { hasAddress } from '../../shared/address.ts';
import { normalizePath, registrationOrderComplete } from '../guards.ts';

export type StepStatus = 'complete' | 'active' | 'pending';

export type RegistrationStepKey = 'pass' | 'hotel' | 'account' | 'survey' | 'checkout';

export interface RegistrationStep {
  key: RegistrationStepKey;
  label: string;
  /** The step's sub-label (docs/behaviour.md §2: 'choose your pass type', 'book your hotel room'). */
  hint: string;
  /** What the visitor chose in this step (pass and code, hotel or 'No hotel', name, 'Completed'); '' before. */
  summary: string;
  to: string;
  status: StepStatus;
}

/** The part of the registration state the step list reads. */
export type StepState = Pick<
  RegistrationState,
  | 'pass'
  | 'voucherCode'
  | 'hotel'
  | 'noHotel'
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'account'
  | 'surveyCompleted'
  | 'order'
  | 'finished'
>;

/** The translators of the registration and common namespaces (useT's), for the step texts. */
export interface StepTexts {
  t: (key: MessageKey<'registration'>) => string;
  tCommon: (key: MessageKey<'common'>) => string;
}

/** The active language's texts, for callers outside React. */
const ACTIVE_TEXTS: StepTexts = {
  t: (key) => translate('registration', key),
  tCommon: (key) => translate('common', key),
};

interface StepDefinition {
  key: RegistrationStepKey;
  label: MessageKey<'registration'>;
  hint: MessageKey<'registration'>;
  to: string;
  done: (s: StepState) => boolean;
  summary: (s: StepState, texts: StepTexts) => string;
}

const fullName = (s: StepState) => `${s.firstName} ${s.lastName}`.trim();

const STEPS: readonly StepDefinition[] = [
  {
    key: 'pass',
    label: 'stepPass',
    hint: 'stepPassHint',
    to: '/registration',
    done: (s) => s.pass !== null,
    summary: (s) => (s.pass ? [s.pass.name, s.voucherCode?.code].filter(Boolean).join(' · ') : ''),
  },
  {
    key: 'hotel',
    label: 'stepHotel',
    hint: 'stepHotelHint',
    to: '/registration/hotel',
    done: (s) => s.hotel !== null || s.noHotel,
    summary: (s, { tCommon }) => (s.hotel ? s.hotel.name : s.noHotel ? tCommon('noHotel') : ''),
  },
  {
    key: 'account',
    label: 'stepAccount',
    hint: 'stepAccountHint',
    to: '/registration/account',
    // docs/behaviour.md §2/§5: a first name and a billing address that counts (which needs a user: the account,
    // or the details entered for it).
    done: (s) => s.firstName.trim() !== '' && hasAddress(s.account ?? (s.firstName.trim() !== '' || null), s.address),
    summary: fullName,
  },
  {
    key: 'survey',
    label: 'stepSurvey',
    hint: 'stepSurveyHint',
    to: '/registration/survey',
    done: (s) => s.surveyCompleted,
    summary: (s, { tCommon }) => (s.surveyCompleted ? tCommon('completed') : ''),
  },
  {
    key: 'checkout',
    label: 'stepCheckout',
    hint: 'stepCheckoutHint',
    to: '/registration/checkout',
    done: registrationOrderComplete,
    summary: (s, { tCommon }) => (registrationOrderComplete(s) ? tCommon('completed') : ''),
  },
];

/**
 * docs/behaviour.md §2 step list: the page's own step is active; other steps are complete by the registration
 * state (pass chosen; hotel or 'No hotel'; first name and billing address; survey answered; order
 * paid, free or finished) or pending. On the finish page every step is complete.
 */
export function registrationSteps(pathname: string, state: StepState, texts: StepTexts = ACTIVE_TEXTS): RegistrationStep[] {
  const path = normalizePath(pathname);
  const finished = path === '/registration/finish';
  return STEPS.map(({ done, summary, label, hint, ...step }) => {
    const status: StepStatus = finished ? 'complete' : step.to === path ? 'active' : done(state) ? 'complete' : 'pending';
    return { ...step, label: texts.t(label), hint: texts.t(hint), summary: summary(state, texts), status };
  });
}
