import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { i18n, loadCatalogue, translate } from '../../i18n/i18n.ts';
import {
  leadTeamCreateSchema,
  leadTeamMemberRequestSchema,
  teamInviteRequestSchema,
  voucherBatchRequestSchema,
} from '../../shared/contracts/organizer-admin.ts';
import { newsInputSchema } from '../../shared/contracts/organizer-content.ts';
import { CHECKIN_WINDOW_MESSAGE, checkinListCreateSchema, checkinWindowError } from '../../shared/contracts/organizer-event.ts';
import { SINGLE_LINE_MESSAGE } from '../../shared/text.ts';
import {
  CHECKIN_NAME_REQUIRED,
  EMAIL_INVALID,
  INVALID_INPUT,
  NEWS_BODY_REQUIRED,
  NEWS_TITLE_REQUIRED,
  NUL_REFUSED,
  organizerMessageKey,
  TEAM_NAME_REQUIRED,
  VOUCHER_COUNT_TOO_LARGE,
  VOUCHER_COUNT_TOO_SMALL,
  VOUCHER_DATE_TIME,
  VOUCHER_PREFIX_CHARACTERS,
} from './form-messages.ts';

/** The messages of a failed parse, by the field they belong to. */
function messages(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of z.safeParse(schema, value).error?.issues ?? []) result[String(issue.path[0] ?? '')] ??= issue.message;
  return result;
}

const batch = { passTypeId: 1, count: 10, usesPerCode: 1, validUntil: null, prefix: '', codeType: 'speaker' };
const list = { name: 'Main hall', description: '', passTypeIds: [], validFrom: null, validUntil: null };
const news = { title: 'Doors open', body: 'At nine.' };

describe('organizer form messages', () => {
  it('are the contracts’ own words', () => {
    // Check-in lists.
    expect(messages(checkinListCreateSchema, { ...list, name: ' ' }).name).toBe(CHECKIN_NAME_REQUIRED);
    expect(messages(checkinListCreateSchema, { ...list, name: 'Main\thall' }).name).toBe(SINGLE_LINE_MESSAGE);
    expect(messages(checkinListCreateSchema, { ...list, name: 'x'.repeat(101) }).name).toBe(INVALID_INPUT);
    expect(messages(checkinListCreateSchema, { ...list, description: 'x'.repeat(501) }).description).toBe(INVALID_INPUT);
    expect(checkinWindowError('2026-03-25T10:00:00Z', '2026-03-24T10:00:00Z')).toBe(CHECKIN_WINDOW_MESSAGE);
    // Vouchers.
    expect(messages(voucherBatchRequestSchema, { ...batch, count: 0 }).count).toBe(VOUCHER_COUNT_TOO_SMALL);
    expect(messages(voucherBatchRequestSchema, { ...batch, count: 5001 }).count).toBe(VOUCHER_COUNT_TOO_LARGE);
    expect(messages(voucherBatchRequestSchema, { ...batch, count: Number.NaN }).count).toBe(INVALID_INPUT);
    expect(messages(voucherBatchRequestSchema, { ...batch, usesPerCode: 0 }).usesPerCode).toBe(INVALID_INPUT);
    expect(messages(voucherBatchRequestSchema, { ...batch, passTypeId: 0 }).passTypeId).toBe(INVALID_INPUT);
    expect(messages(voucherBatchRequestSchema, { ...batch, prefix: 'PRESS 1' }).prefix).toBe(VOUCHER_PREFIX_CHARACTERS);
    expect(messages(voucherBatchRequestSchema, { ...batch, prefix: 'P'.repeat(21) }).prefix).toBe(INVALID_INPUT);
    expect(messages(voucherBatchRequestSchema, { ...batch, validUntil: '27.03.2026' }).validUntil).toBe(VOUCHER_DATE_TIME);
    // Team and exhibitor teams.
    expect(messages(teamInviteRequestSchema, { email: 'not an address', role: 'staff' }).email).toBe(EMAIL_INVALID);
    expect(messages(leadTeamMemberRequestSchema, { email: 'not an address' }).email).toBe(EMAIL_INVALID);
    expect(messages(leadTeamCreateSchema, { name: ' ', ownerEmail: 'a@example.com' }).name).toBe(TEAM_NAME_REQUIRED);
    expect(messages(leadTeamCreateSchema, { name: 'A\nB', ownerEmail: 'a@example.com' }).name).toBe(SINGLE_LINE_MESSAGE);
    expect(messages(leadTeamCreateSchema, { name: 'x'.repeat(121), ownerEmail: 'a@example.com' }).name).toBe(INVALID_INPUT);
    // News.
    expect(messages(newsInputSchema, { ...news, title: ' ' }).title).toBe(NEWS_TITLE_REQUIRED);
    expect(messages(newsInputSchema, { ...news, title: 'x'.repeat(201) }).title).toBe(INVALID_INPUT);
    expect(messages(newsInputSchema, { ...news, body: ' ' }).body).toBe(NEWS_BODY_REQUIRED);
    expect(messages(newsInputSchema, { ...news, body: 'a\u0000b' }).body).toBe(NUL_REFUSED);
  });

  it('each have an English message that reads exactly as the contract writes it', () => {
    for (const message of [
      INVALID_INPUT,
      EMAIL_INVALID,
      SINGLE_LINE_MESSAGE,
      NUL_REFUSED,
      CHECKIN_NAME_REQUIRED,
      CHECKIN_WINDOW_MESSAGE,
      TEAM_NAME_REQUIRED,
      VOUCHER_COUNT_TOO_SMALL,
      VOUCHER_COUNT_TOO_LARGE,
      VOUCHER_PREFIX_CHARACTERS,
      VOUCHER_DATE_TIME,
      NEWS_TITLE_REQUIRED,
      NEWS_BODY_REQUIRED,
    ]) {
      const known = organizerMessageKey(message);
      expect(known, message).toBeDefined();
      expect(translate('organizer', known?.key ?? '', known?.values)).toBe(message);
    }
    expect(organizerMessageKey('The server said something else.')).toBeUndefined();
  });

  it('read in German with their limits filled in', async () => {
    await loadCatalogue('de', 'organizer');
    i18n.activate('de');
    try {
      const known = organizerMessageKey(VOUCHER_COUNT_TOO_LARGE);
      expect(translate('organizer', known?.key ?? '', known?.values)).toBe('Höchstens 5000 Codes auf einmal');
      const window = organizerMessageKey(CHECKIN_WINDOW_MESSAGE);
      expect(translate('organizer', window?.key ?? '')).toBe('Das Ende des Einlasszeitraums muss nach seinem Beginn liegen.');
    } finally {
      i18n.activate('en');
    }
  });
});
