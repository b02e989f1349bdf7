import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { ApiError } from './api.ts';
import { purchaseErrorMessage } from './purchase.ts';

const problem = (status: number, title: string, detail?: string) =>
  new ApiError(status, { type: 'about:blank', title, status, ...(detail ? { detail } : {}) });

describe('purchaseErrorMessage', () => {
  it("shows a refusal's own words: the detail, else the title", () => {
    expect(purchaseErrorMessage(problem(409, 'Conflict', 'You already have a train ticket.'))).toBe(
      'You already have a train ticket.',
    );
    expect(purchaseErrorMessage(problem(409, 'This upgrade is not available for your pass.'))).toBe(
      'This upgrade is not available for your pass.',
    );
  });

  it('keeps server errors generic', () => {
    expect(purchaseErrorMessage(problem(500, 'Internal Server Error'))).toBe(MESSAGES.toastError);
  });
});
