import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api.ts';
import { OFFLINE_MESSAGE } from '../../lib/form-errors.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { describeError } from './describe-error.ts';

// The real English catalogue, as the app shows it.
beforeAll(async () => {
  await loadCatalogue('en', 'common');
  i18n.activate('en');
});

const problem = (status: number, extra: Record<string, unknown> = {}) =>
  new ApiError(status, { type: 'about:blank', title: status === 409 ? 'Conflict' : 'Bad Request', status, ...extra });

describe('describeError', () => {
  it("uses the server's reason for a conflict, or its title", () => {
    expect(describeError(problem(409, { detail: 'This room is no longer available for your dates.' }), true)).toBe(
      'This room is no longer available for your dates.',
    );
    expect(describeError(problem(409), true)).toBe('Conflict');
  });

  it('names the invalid field of a 400 rather than the generic sentence', () => {
    const error = problem(400, {
      detail: 'The request body is invalid.',
      errors: [{ path: 'end', message: 'This room can be booked for stays from 2026-03-21 to 2026-03-29.' }],
    });
    expect(describeError(error, true)).toBe('This room can be booked for stays from 2026-03-21 to 2026-03-29.');
  });

  it('falls back to the default and tells offline users so', () => {
    expect(describeError(new ApiError(500, null), true)).toBe(MESSAGES.toastError);
    expect(describeError(new Error('boom'), true)).toBe(MESSAGES.toastError);
    expect(describeError(new TypeError('Failed to fetch'), true)).toBe(OFFLINE_MESSAGE);
    expect(describeError(new Error('boom'), false)).toBe(OFFLINE_MESSAGE);
  });
});
