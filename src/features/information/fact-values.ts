import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';
import { formatEuro } from '../../lib/money.ts';
import {
  CONDUCT_EMAIL_LINK,
  CONDUCT_PHONE_LINK,
  DEADLINES,
  EMAIL_LINK,
  EVENT,
  PASS_PRICES,
  PHONE_LINK,
  PRIVACY_EMAIL_LINK,
} from './content/facts.ts';

const formats = new Map<Language, { day: Intl.DateTimeFormat; dayAndMonth: Intl.DateTimeFormat }>();

/** A calendar day 'YYYY-MM-DD' in words: en '23 February 2026', de '23. Februar 2026'. */
export function formatDay(day: string, language: Language, withYear = true): string {
  let made = formats.get(language);
  if (!made) {
    const locale = INTL_LOCALES[language];
    // Calendar days, not instants: read in UTC so no time zone moves them.
    made = {
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      dayAndMonth: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }),
    };
    formats.set(language, made);
  }
  return (withYear ? made.day : made.dayAndMonth).format(Date.parse(`${day}T00:00:00Z`));
}

const valuesMade = new Map<Language, Readonly<Record<string, string>>>();

/** The values of the information messages' {placeholders} (./content/facts.ts), in one language. */
export function factValues(language: Language): Readonly<Record<string, string>> {
  let values = valuesMade.get(language);
  if (!values) {
    values = makeValues(language);
    valuesMade.set(language, values);
  }
  return values;
}

function makeValues(language: Language): Record<string, string> {
  return {
    emailLink: EMAIL_LINK,
    phoneLink: PHONE_LINK,
    privacyEmailLink: PRIVACY_EMAIL_LINK,
    conductEmailLink: CONDUCT_EMAIL_LINK,
    conductPhoneLink: CONDUCT_PHONE_LINK,
    doorsOpen: EVENT.doorsOpen,
    programmeStart: EVENT.programmeStart,
    programmeEnd: EVENT.programmeEnd,
    businessNet: formatEuro(PASS_PRICES.business.net, language),
    businessGross: formatEuro(PASS_PRICES.business.gross, language),
    premiumNet: formatEuro(PASS_PRICES.premium.net, language),
    premiumGross: formatEuro(PASS_PRICES.premium.gross, language),
    freeCancellation: formatDay(DEADLINES.freeCancellation, language),
    partialRefundFrom: formatDay(DEADLINES.partialRefundFrom, language, false),
    partialRefund: formatDay(DEADLINES.partialRefund, language),
    nameChange: formatDay(DEADLINES.nameChange, language),
    visaRequest: formatDay(DEADLINES.visaRequest, language),
  };
}
