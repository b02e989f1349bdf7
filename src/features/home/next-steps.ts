import type { Booking, Pass } from '../../shared/contracts/catalog.ts';

export type NextStepId = 'pass' | 'approval' | 'profile' | 'survey' | 'hotel' | 'visa';

export interface NextStep {
  id: NextStepId;
  title: string;
  text: string;
  /** Where the step is done; absent for steps the user can only wait for. */
  to?: string;
  action?: string;
}

export interface NextStepsInput {
  pass: Pick<Pass, 'status'> | null;
  bookings: readonly Pick<Booking, 'status'>[];
  /** SPEC §5 address presence (src/shared/address.ts). */
  hasAddress: boolean;
  /** The survey has questions and no answers that count for this edition (src/shared/survey-redirect.ts). */
  surveyOpen: boolean;
  /** Whether the user has a visa letter; 'unknown' while loading or when the call failed. */
  visaLetter: 'none' | 'exists' | 'unknown';
}

/**
 * The dashboard's open to-dos, most pressing first: a pass (nothing works without one), the billing
 * address, the survey, a hotel (SPEC §4: a pass holder without bookings belongs on the booking
 * page), and the visa letter, which needs an approved pass and is offered until one exists.
 */
export function nextSteps(input: NextStepsInput): NextStep[] {
  const steps: NextStep[] = [];
  const { pass } = input;
  const approved = pass?.status === 'approved';
  if (!pass) {
    steps.push({
      id: 'pass',
      title: 'Get your pass',
      text: 'Choose a pass for CloudFest 2026: your badge, hotel options and invoices follow from it.',
      to: '/pass',
      action: 'Get a pass',
    });
  } else if (pass.status === 'pending') {
    steps.push({
      id: 'approval',
      title: 'Your pass awaits approval',
      text: 'We check every registration. You will get an e-mail as soon as your pass is approved.',
    });
  }
  if (!input.hasAddress) {
    steps.push({
      id: 'profile',
      title: 'Complete your profile',
      text: 'Add your billing address so that your invoices carry the right details.',
      to: '/profile',
      action: 'Add billing address',
    });
  }
  if (input.surveyOpen) {
    steps.push({
      id: 'survey',
      title: 'Answer the survey',
      text: 'A few questions about you help us plan the programme. It takes about a minute.',
      to: '/survey',
      action: 'Answer the survey',
    });
  }
  const booked = input.bookings.some((booking) => booking.status !== 'cancelled');
  if (pass && !booked) {
    steps.push({
      id: 'hotel',
      title: 'Book your hotel',
      text: 'Stay in one of the Europa-Park hotels or a partner hotel nearby, with shuttles to the venue.',
      to: '/accommodation/book',
      action: 'Book a hotel',
    });
  }
  if (approved && input.visaLetter !== 'exists') {
    steps.push({
      id: 'visa',
      title: 'Need a visa?',
      text: 'Request your visa invitation letter for your embassy or consulate.',
      to: '/visa-invitation-letter',
      action: 'Request the letter',
    });
  }
  return steps;
}
