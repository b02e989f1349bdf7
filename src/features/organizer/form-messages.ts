import { useCallback } from 'react';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT, type Values } from '../../i18n/use-t.ts';
import { VOUCHER_BATCH_MAX } from '../../shared/contracts/organizer-admin.ts';
import { CHECKIN_WINDOW_MESSAGE } from '../../shared/contracts/organizer-event.ts';
import { SINGLE_LINE_MESSAGE } from '../../shared/text.ts';

/*
 * The validation messages of the organizer console's forms (check-in lists, vouchers, team and
 * exhibitor teams, news). The shared contracts keep writing them in English, which the tests read;
 * the forms show them in the active language by looking up their catalogue key here at display
 * time. A message that is not listed (the server's own, already in the request's language, or a
 * form's text that is translated already) is shown as it is. form-messages.test.ts holds each
 * English text below to what the contract produces and to the English catalogue.
 */

/** zod/mini's own message for a check without one of its own (lengths, number ranges, whole numbers). */
export const INVALID_INPUT = 'Invalid input';
/** The team e-mail fields (organizer-admin.ts). */
export const EMAIL_INVALID = 'Please enter a valid e-mail address.';
/** Check-in lists (organizer-event.ts). */
export const CHECKIN_NAME_REQUIRED = 'Please enter a name.';
/** Exhibitor teams (organizer-admin.ts). */
export const TEAM_NAME_REQUIRED = 'Please name the team.';
/** Voucher batches (organizer-admin.ts). */
export const VOUCHER_COUNT_TOO_SMALL = 'At least one code';
export const VOUCHER_COUNT_TOO_LARGE = `At most ${VOUCHER_BATCH_MAX} codes at once`;
export const VOUCHER_PREFIX_CHARACTERS = 'Only letters A-Z, digits and hyphens';
export const VOUCHER_DATE_TIME = 'Expected a date and time such as 2026-03-27T23:59:00Z';
/** News (organizer-content.ts). */
export const NEWS_TITLE_REQUIRED = 'Please enter a title';
export const NEWS_BODY_REQUIRED = 'Please write the news';
export const NUL_REFUSED = 'NUL characters cannot be stored.';

/** A message's catalogue key, with the values of a message that has some (a limit). */
export interface OrganizerMessage {
  key: MessageKey<'organizer'>;
  values?: Values;
}

const ORGANIZER_MESSAGES: ReadonlyMap<string, OrganizerMessage> = new Map<string, OrganizerMessage>([
  [INVALID_INPUT, { key: 'formInvalidInput' }],
  [EMAIL_INVALID, { key: 'formEmailInvalid' }],
  [SINGLE_LINE_MESSAGE, { key: 'formSingleLine' }],
  [NUL_REFUSED, { key: 'formNulRefused' }],
  [CHECKIN_NAME_REQUIRED, { key: 'formCheckinNameRequired' }],
  [CHECKIN_WINDOW_MESSAGE, { key: 'formCheckinWindow' }],
  [TEAM_NAME_REQUIRED, { key: 'formTeamNameRequired' }],
  [VOUCHER_COUNT_TOO_SMALL, { key: 'formVouchersCountTooSmall' }],
  [VOUCHER_COUNT_TOO_LARGE, { key: 'formVouchersCountTooLarge', values: { max: VOUCHER_BATCH_MAX } }],
  [VOUCHER_PREFIX_CHARACTERS, { key: 'formVouchersPrefixCharacters' }],
  [VOUCHER_DATE_TIME, { key: 'formVouchersDateTime' }],
  [NEWS_TITLE_REQUIRED, { key: 'formNewsTitleRequired' }],
  [NEWS_BODY_REQUIRED, { key: 'formNewsBodyRequired' }],
]);

/** The catalogue key (and values) of a known form message, for tests. */
export function organizerMessageKey(message: string): OrganizerMessage | undefined {
  return ORGANIZER_MESSAGES.get(message);
}

/** Shows a form message in the active language: `formMessage(errors.name)`; unknown messages as they are. */
export function useOrganizerFormMessage(): (message: string | undefined) => string | undefined {
  const t = useT('organizer');
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const known = ORGANIZER_MESSAGES.get(message);
      return known ? t(known.key, known.values) : message;
    },
    [t],
  );
}
