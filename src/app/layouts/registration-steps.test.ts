import { describe, expect, it } from 'vitest';
import { registrationSteps } from './registration-steps.ts';

describe('registrationSteps', () => {
  it('lists the five steps with their sub-labels', () => {
    const steps = registrationSteps('/registration/hotel');
    expect(steps.map((s) => s.label)).toEqual(['Pass', 'Hotel', 'Your Account', 'Survey', 'Checkout']);
    expect(steps[0]?.hint).toBe('choose your pass type');
    expect(steps[1]?.hint).toBe('book your hotel room');
  });

  it('marks the current page active', () => {
    expect(registrationSteps('/registration/hotel/').map((s) => s.status)).toEqual([
      'pending',
      'active',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('completes every step on the finish page', () => {
    expect(registrationSteps('/registration/finish').every((s) => s.status === 'complete')).toBe(true);
  });
});
