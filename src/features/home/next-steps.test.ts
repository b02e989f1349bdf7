import { describe, expect, it } from 'vitest';
import { type NextStepsInput, nextSteps } from './next-steps.ts';

const base: NextStepsInput = {
  pass: { status: 'approved' },
  bookings: [{ status: 'confirmed' }],
  hasAddress: true,
  surveyOpen: false,
  visaLetter: 'exists',
};
const ids = (input: Partial<NextStepsInput>) => nextSteps({ ...base, ...input }).map((step) => step.id);

describe('home next steps', () => {
  it('has nothing left for a user with everything in order', () => {
    expect(ids({})).toEqual([]);
  });

  it('offers a hotel to a pass holder without (active) bookings', () => {
    expect(ids({ bookings: [] })).toEqual(['hotel']);
    expect(ids({ bookings: [{ status: 'cancelled' }] })).toEqual(['hotel']);
    expect(nextSteps({ ...base, bookings: [] })[0]?.to).toBe('/accommodation/book');
  });

  it('asks for the billing address, the survey and the visa letter when missing', () => {
    expect(ids({ hasAddress: false, surveyOpen: true, visaLetter: 'none' })).toEqual(['profile', 'survey', 'visa']);
    expect(ids({ visaLetter: 'unknown' })).toEqual(['visa']);
  });

  it('without a pass: get one first, no hotel or visa letter', () => {
    expect(ids({ pass: null, bookings: [], visaLetter: 'none' })).toEqual(['pass']);
  });

  it('with a pending pass: says it awaits approval, offers the hotel but no visa letter', () => {
    const steps = nextSteps({ ...base, pass: { status: 'pending' }, bookings: [], visaLetter: 'none' });
    expect(steps.map((step) => step.id)).toEqual(['approval', 'hotel']);
    expect(steps[0]?.to).toBeUndefined();
  });
});
