import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { ApiError } from './api.ts';
import { errorMessage, OFFLINE_MESSAGE, RATE_LIMITED_MESSAGE, serverFieldErrors } from './form-errors.ts';

const problem = (status: number, detail?: string, errors?: { path: string; message: string }[]) =>
  new ApiError(status, { type: 'about:blank', title: 'Error', status, detail, errors });

describe('errorMessage', () => {
  it("uses the server's detail for 401, 403 and 429", () => {
    expect(errorMessage(problem(401, 'The e-mail address or password is wrong.'), true)).toBe(
      'The e-mail address or password is wrong.',
    );
    expect(errorMessage(problem(403, 'Please confirm your e-mail address first.'), true)).toBe(
      'Please confirm your e-mail address first.',
    );
    expect(errorMessage(problem(429, 'Too many failed sign-in attempts.'), true)).toBe('Too many failed sign-in attempts.');
  });

  it('falls back to readable texts when the server gave no detail', () => {
    expect(errorMessage(new ApiError(429, null), true)).toBe(RATE_LIMITED_MESSAGE);
    expect(errorMessage(new ApiError(500, null), true)).toBe(MESSAGES.toastError);
    expect(errorMessage(new Error('boom'), true)).toBe(MESSAGES.toastError);
  });

  it('says so when the network is unreachable', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), true)).toBe(OFFLINE_MESSAGE);
    expect(errorMessage(new Error('boom'), false)).toBe(OFFLINE_MESSAGE);
  });
});

describe('serverFieldErrors', () => {
  it("picks the form's fields out of the problem's errors", () => {
    const error = problem(400, 'Invalid input', [
      { path: 'password', message: MESSAGES.passwordTooWeak },
      { path: 'somethingElse', message: 'x' },
    ]);
    expect(serverFieldErrors(error, ['email', 'password'] as const)).toEqual({ password: MESSAGES.passwordTooWeak });
  });

  it('gives nothing for errors that are not API problems', () => {
    expect(serverFieldErrors(new Error('x'), ['email'] as const)).toEqual({});
  });
});

describe('errorMessage for actions that need the network', () => {
  it("shows the refusal's own words", async () => {
    const { NetworkRequiredError, NETWORK_REQUIRED_MESSAGE } = await import('./network.ts');
    expect(errorMessage(new NetworkRequiredError(), false)).toBe(NETWORK_REQUIRED_MESSAGE);
  });
});
