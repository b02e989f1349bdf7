import type { OrderLine } from '#shared/pricing.ts';
import { shortCalendarDate } from './formats.ts';
import type { Language } from './language.ts';
import { translator } from './translate.ts';

/**
 * Order lines are stored as they were sold, with an English description (src/shared/pricing.ts,
 * server/services/orders/order-pricing.ts word a hotel line 'Hotel, Room, 2026-03-23 to 2026-03-27
 * (4 nights)', an upgrade 'Business Pass (from Standard Pass)', a train ticket 'Deutsche Bahn Event
 * Ticket – Return, 2nd class'). The stored words stay the record; a German mail or invoice shows every
 * line in German, re-worded from its parts. Pass and hotel names are product names and stay as sold.
 */
const HOTEL_LINE = /^(.+), (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) \((\d+) nights?\)$/;
const UPGRADE_LINE = /^(.+) \(from (.+)\)$/;
const TRAIN_TICKET_LINE = /^(.+) Event Ticket – Return, (1st|2nd) class$/;
const TRAVEL_CLASS: Record<string, string> = { '1st': '1.', '2nd': '2.' };

export function lineDescription(line: Pick<OrderLine, 'kind' | 'description'>, language: Language): string {
  if (language === 'en') return line.description;
  const t = translator(language, 'common');
  if (line.kind === 'hotel') {
    const parts = HOTEL_LINE.exec(line.description);
    if (!parts) return line.description;
    const [, stay = '', from = '', to = '', nights = '0'] = parts;
    return t('line.hotel', {
      stay,
      from: shortCalendarDate(from, language),
      to: shortCalendarDate(to, language),
      nights: Number(nights),
    });
  }
  if (line.kind === 'upgrade') {
    const parts = UPGRADE_LINE.exec(line.description);
    return parts ? t('line.upgrade', { pass: parts[1] ?? '', from: parts[2] ?? '' }) : line.description;
  }
  if (line.kind === 'train-ticket') {
    const parts = TRAIN_TICKET_LINE.exec(line.description);
    return parts
      ? t('line.trainTicket', { carrier: parts[1] ?? '', travelClass: TRAVEL_CLASS[parts[2] ?? ''] ?? '' })
      : line.description;
  }
  return line.description;
}
