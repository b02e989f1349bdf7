import { describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import { messagesOf as messages } from '../../i18n/test-messages.ts';
import { validationText } from '../../i18n/validation-text.ts';
import {
  leadTeamCreateSchema,
  leadTeamMemberRequestSchema,
  teamInviteRequestSchema,
  voucherBatchRequestSchema,
} from '../../shared/contracts/organizer-admin.ts';
import { newsInputSchema } from '../../shared/contracts/organizer-content.ts';
import { checkinListCreateSchema, checkinWindowError } from '../../shared/contracts/organizer-event.ts';

const batch = { passTypeId: 1, count: 10, usesPerCode: 1, validUntil: null, prefix: '', codeType: 'speaker' };
const list = { name: 'Main hall', description: '', passTypeIds: [], validFrom: null, validUntil: null };
const news = { title: 'Doors open', body: 'At nine.' };
const SINGLE_LINE = 'Please use a single line without control characters (no line breaks or tabs).';

/*
 * The organizer console's forms show the contracts' messages as src/i18n/validation-text.ts words
 * them: the named ones, and the checks without a name worded from their limits.
 */
describe('organizer form messages', () => {
  it('name what is wrong, with the limits of the checks', () => {
    // Check-in lists.
    expect(messages(checkinListCreateSchema, { ...list, name: ' ' }).name).toBe('Please enter a name.');
    expect(messages(checkinListCreateSchema, { ...list, name: 'Main\thall' }).name).toBe(SINGLE_LINE);
    expect(messages(checkinListCreateSchema, { ...list, name: 'x'.repeat(101) }).name).toBe('Please use at most 100 characters.');
    expect(messages(checkinListCreateSchema, { ...list, description: 'x'.repeat(501) }).description).toBe(
      'Please use at most 500 characters.',
    );
    const window = checkinWindowError('2026-03-25T10:00:00Z', '2026-03-24T10:00:00Z');
    expect(window && validationText({ key: window })).toBe('The end of the check-in window must be after its start.');
    // Vouchers.
    expect(messages(voucherBatchRequestSchema, { ...batch, count: 0 }).count).toBe('At least one code');
    expect(messages(voucherBatchRequestSchema, { ...batch, count: 5001 }).count).toBe('At most 5000 codes at once');
    expect(messages(voucherBatchRequestSchema, { ...batch, count: Number.NaN }).count).toBe('Invalid input: expected number');
    expect(messages(voucherBatchRequestSchema, { ...batch, usesPerCode: 0 }).usesPerCode).toBe('Must be at least 1.');
    expect(messages(voucherBatchRequestSchema, { ...batch, passTypeId: 0 }).passTypeId).toBe('Must be greater than 0.');
    expect(messages(voucherBatchRequestSchema, { ...batch, prefix: 'PRESS 1' }).prefix).toBe(
      'Only letters A-Z, digits and hyphens',
    );
    expect(messages(voucherBatchRequestSchema, { ...batch, prefix: 'P'.repeat(21) }).prefix).toBe(
      'Please use at most 20 characters.',
    );
    expect(messages(voucherBatchRequestSchema, { ...batch, validUntil: '27.03.2026' }).validUntil).toBe(
      'Expected a date and time such as 2026-03-27T23:59:00Z',
    );
    // Team and exhibitor teams.
    expect(messages(teamInviteRequestSchema, { email: 'not an address', role: 'staff' }).email).toBe(
      'Please enter a valid e-mail address.',
    );
    expect(messages(leadTeamMemberRequestSchema, { email: 'not an address' }).email).toBe('Please enter a valid e-mail address.');
    expect(messages(leadTeamCreateSchema, { name: ' ', ownerEmail: 'a@example.com' }).name).toBe('Please name the team.');
    expect(messages(leadTeamCreateSchema, { name: 'A\nB', ownerEmail: 'a@example.com' }).name).toBe(SINGLE_LINE);
    expect(messages(leadTeamCreateSchema, { name: 'x'.repeat(121), ownerEmail: 'a@example.com' }).name).toBe(
      'Please use at most 120 characters.',
    );
    // News.
    expect(messages(newsInputSchema, { ...news, title: ' ' }).title).toBe('Please enter a title');
    expect(messages(newsInputSchema, { ...news, title: 'x'.repeat(201) }).title).toBe('Please use at most 200 characters.');
    expect(messages(newsInputSchema, { ...news, body: ' ' }).body).toBe('Please write the news');
    expect(messages(newsInputSchema, { ...news, body: 'a\u0000b' }).body).toBe('NUL characters cannot be stored.');
  });

  it('read in German with their limits filled in', async () => {
    await loadCatalogue('de', 'validation');
    i18n.activate('de');
    try {
      expect(messages(voucherBatchRequestSchema, { ...batch, count: 5001 }).count).toBe('Höchstens 5000 Codes auf einmal');
      expect(messages(checkinListCreateSchema, { ...list, name: 'x'.repeat(101) }).name).toBe(
        'Bitte verwenden Sie höchstens 100 Zeichen.',
      );
      expect(validationText({ key: 'checkinWindow' })).toBe('Das Ende des Einlasszeitraums muss nach seinem Beginn liegen.');
    } finally {
      i18n.activate('en');
    }
  });
});
