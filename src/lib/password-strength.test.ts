import { describe, expect, it } from 'vitest';
import { isStrongPassword, MIN_PASSWORD_SCORE, passwordScore } from './password-strength.ts';

describe('passwordScore', () => {
  it('scores an empty password 0 without loading zxcvbn', async () => {
    expect(await passwordScore('')).toBe(0);
  });

  it('rates common passwords below the minimum even when they meet the rule', async () => {
    expect(await passwordScore('Password1!')).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(await isStrongPassword('Password1!')).toBe(false);
  });

  it('rates long random passwords at or above the minimum', async () => {
    expect(await passwordScore('k7#Vq!2zLm@9xRp')).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(await isStrongPassword('k7#Vq!2zLm@9xRp')).toBe(true);
  });

  it('treats the user inputs as guessable words', async () => {
    const password = 'Zwieselbrecht2026!';
    const alone = await passwordScore(password);
    const withName = await passwordScore(password, ['zwieselbrecht', 'anna@example.com']);
    expect(withName).toBeLessThan(alone);
  });

  it('ignores empty user inputs', async () => {
    expect(await passwordScore('k7#Vq!2zLm@9xRp', ['', ''])).toBe(await passwordScore('k7#Vq!2zLm@9xRp'));
  });

  it('answers many calls from one loaded module', async () => {
    const scores = await Promise.all(['a', 'bb', 'Tr0ub4dor&3', 'correct horse battery staple'].map((p) => passwordScore(p)));
    expect(scores.every((score) => score >= 0 && score <= 4)).toBe(true);
  });
});
