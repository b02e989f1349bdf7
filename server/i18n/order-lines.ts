import type { OrderLine } from '#shared/pricing.ts';
import { shortCalendarDate } from './formats.ts';
import type { Language } from './language.ts';
import { translator } from './translate.ts';

/**
 * Order lines are stored as they were sold, with an English description (src/shared/pricing.ts,
 * server/services/order-pricing.ts word a hotel line 'Hotel, Room, 2026-03-23 to 2026-03-27
 * (4 nights)'). The stored words stay the record; a German mail or invoice shows the hotel line
 * in German, re-worded from its parts. Anything else (pass and ticket names) is a product name
 * and stays as sold.
 */
const HOTEL_LINE = /^(.+), (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) \((\d+) nights?\)$/;

export function lineDescription(line: Pick<OrderLine, 'kind' | 'description'>, language: Language): string {
  if (language === 'en' || line.kind !== 'hotel') return line.description;
  const parts = HOTEL_LINE.exec(line.description);
  if (!parts) return line.description;
  const [, stay = '', from = '', to = '', nights = '0'] = parts;
  return translator(language, 'common')('line.hotel', {
    stay,
    from: shortCalendarDate(from, language),
    to: shortCalendarDate(to, language),
    nights: Number(nights),
  });
}
