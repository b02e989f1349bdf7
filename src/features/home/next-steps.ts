import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Booking, Pass } from '../../shared/contracts/catalog.ts';

export type NextStepId = 'pass' | 'approval' | 'profile' | 'survey' | 'hotel' | 'visa';

/** A to-do; its title, text and action are keys of the home catalogue. */
export interface NextStep {
  id: NextStepId;
  title: MessageKey<'home'>;
  text: MessageKey<'home'>;
  /** Where the step is done; absent for steps the user can only wait for. */
  to?: string;
  action?: MessageKey<'home'>;
}

export interface NextStepsInput {
  pass: Pick<Pass, 'status'> | null;
  bookings: readonly Pick<Booking, 'status'>[];
  /** docs/behaviour.md §5 address presence (src/shared/address.ts). */
  hasAddress: boolean;
  /** The survey has questions and no answers that count for this edition (src/shared/survey-redirect.ts). */
  surveyOpen: boolean;
  /** Whether the user has a visa letter; 'unknown' while loading or when the call failed. */
  visaLetter: 'none' | 'exists' | 'unknown';
}

/**
 * The dashboard's open to-dos, most pressing first: a pass (nothing works without one), the billing
 * address, the survey, a hotel (docs/behaviour.md §4: a pass holder without bookings belongs on the booking
 * page), and the visa letter, which needs an approved pass and is offered until one exists.
 */
export function nextSteps(input: NextStepsInput): NextStep[] {
  const steps: NextStep[] = [];
  const { pass } = input;
  const approved = pass?.status === 'approved';
  if (!pass) {
    steps.push({
      id: 'pass',
      title: 'stepPassTitle',
      text: 'stepPassText',
      to: '/pass',
      action: 'getPass',
    });
  } else if (pass.status === 'pending') {
    steps.push({
      id: 'approval',
      title: 'stepApprovalTitle',
      text: 'stepApprovalText',
    });
  }
  if (!input.hasAddress) {
    steps.push({
      id: 'profile',
      title: 'stepProfileTitle',
      text: 'stepProfileText',
      to: '/profile',
      action: 'stepProfileAction',
    });
  }
  if (input.surveyOpen) {
    steps.push({
      id: 'survey',
      title: 'stepSurveyTitle',
      text: 'stepSurveyText',
      to: '/survey',
      action: 'stepSurveyAction',
    });
  }
  const booked = input.bookings.some((booking) => booking.status !== 'cancelled');
  if (pass && !booked) {
    steps.push({
      id: 'hotel',
      title: 'stepHotelTitle',
      text: 'stepHotelText',
      to: '/accommodation/book',
      action: 'stepHotelAction',
    });
  }
  if (approved && input.visaLetter !== 'exists') {
    steps.push({
      id: 'visa',
      title: 'stepVisaTitle',
      text: 'stepVisaText',
      to: '/visa-invitation-letter',
      action: 'stepVisaAction',
    });
  }
  return steps;
}
