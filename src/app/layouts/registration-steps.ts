import { normalizePath } from '../guards.ts';

export type StepStatus = 'complete' | 'active' | 'pending';

export interface RegistrationStep {
  key: 'pass' | 'hotel' | 'account' | 'survey' | 'checkout';
  label: string;
  hint: string;
  to: string;
  status: StepStatus;
}

const STEPS: readonly Omit<RegistrationStep, 'status'>[] = [
  { key: 'pass', label: 'Pass', hint: 'choose your pass type', to: '/registration' },
  { key: 'hotel', label: 'Hotel', hint: 'book your hotel room', to: '/registration/hotel' },
  { key: 'account', label: 'Your Account', hint: 'create your account', to: '/registration/account' },
  { key: 'survey', label: 'Survey', hint: 'a few quick questions', to: '/registration/survey' },
  { key: 'checkout', label: 'Checkout', hint: 'review and confirm', to: '/registration/checkout' },
];

/**
 * SPEC §2 step list. For now only the page decides: its step is active, and on the finish page all
 * are complete. Completion by registration state (pass chosen, address, answers) comes with the
 * registration issue.
 */
export function registrationSteps(pathname: string): RegistrationStep[] {
  const path = normalizePath(pathname);
  const finished = path === '/registration/finish';
  return STEPS.map((step) => ({
    ...step,
    status: finished ? 'complete' : step.to === path ? 'active' : 'pending',
  }));
}
