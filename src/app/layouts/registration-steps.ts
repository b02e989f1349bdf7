import type { RegistrationState } from '../../features/registration/registration-state.ts';
import { hasAddress } from '../../shared/address.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { normalizePath, registrationOrderComplete } from '../guards.ts';

export type StepStatus = 'complete' | 'active' | 'pending';

export type RegistrationStepKey = 'pass' | 'hotel' | 'account' | 'survey' | 'checkout';

export interface RegistrationStep {
  key: RegistrationStepKey;
  label: string;
  /** The step's sub-label (SPEC §2: 'choose your pass type', 'book your hotel room'). */
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

interface StepDefinition {
  key: RegistrationStepKey;
  label: string;
  hint: string;
  to: string;
  done: (s: StepState) => boolean;
  summary: (s: StepState) => string;
}

const fullName = (s: StepState) => `${s.firstName} ${s.lastName}`.trim();

const STEPS: readonly StepDefinition[] = [
  {
    key: 'pass',
    label: 'Pass',
    hint: 'choose your pass type',
    to: '/registration',
    done: (s) => s.pass !== null,
    summary: (s) => (s.pass ? [s.pass.name, s.voucherCode?.code].filter(Boolean).join(' · ') : ''),
  },
  {
    key: 'hotel',
    label: 'Hotel',
    hint: 'book your hotel room',
    to: '/registration/hotel',
    done: (s) => s.hotel !== null || s.noHotel,
    summary: (s) => (s.hotel ? s.hotel.name : s.noHotel ? MESSAGES.noHotel : ''),
  },
  {
    key: 'account',
    label: 'Your Account',
    hint: 'create your account',
    to: '/registration/account',
    // SPEC §2/§5: a first name and a billing address that counts (which needs a user: the account,
    // or the details entered for it).
    done: (s) => s.firstName.trim() !== '' && hasAddress(s.account ?? (s.firstName.trim() !== '' || null), s.address),
    summary: fullName,
  },
  {
    key: 'survey',
    label: 'Survey',
    hint: 'a few quick questions',
    to: '/registration/survey',
    done: (s) => s.surveyCompleted,
    summary: (s) => (s.surveyCompleted ? MESSAGES.completed : ''),
  },
  {
    key: 'checkout',
    label: 'Checkout',
    hint: 'review and confirm',
    to: '/registration/checkout',
    done: registrationOrderComplete,
    summary: (s) => (registrationOrderComplete(s) ? MESSAGES.completed : ''),
  },
];

/**
 * SPEC §2 step list: the page's own step is active; other steps are complete by the registration
 * state (pass chosen; hotel or 'No hotel'; first name and billing address; survey answered; order
 * paid, free or finished) or pending. On the finish page every step is complete.
 */
export function registrationSteps(pathname: string, state: StepState): RegistrationStep[] {
  const path = normalizePath(pathname);
  const finished = path === '/registration/finish';
  return STEPS.map(({ done, summary, ...step }) => {
    const status: StepStatus = finished ? 'complete' : step.to === path ? 'active' : done(state) ? 'complete' : 'pending';
    return { ...step, summary: summary(state), status };
  });
}
