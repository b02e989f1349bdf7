import { describe, expect, it } from 'vitest';
import { hotelLine, taxedLine } from '#shared/pricing.ts';
import { lineDescription } from './order-lines.ts';

describe('lineDescription', () => {
  const hotel = hotelLine({ name: 'Hotel Colosseo', roomName: 'Double', start: '2026-03-23', end: '2026-03-24' }, 17_900);
  const train = taxedLine('train-ticket', 'Deutsche Bahn Event Ticket – Return, 1st class', 1, 19_900);
  const upgrade = taxedLine('upgrade', 'Business Pass (from Standard Pass)', 1, 20_000);

  it('words every kind of line in German, from the stored English parts', () => {
    expect(lineDescription(hotel, 'de')).toBe('Hotel Colosseo, Double, 23.03.2026 bis 24.03.2026 (1 Nacht)');
    expect(lineDescription(train, 'de')).toBe('Deutsche Bahn Veranstaltungsticket – Hin- und Rückfahrt, 1. Klasse');
    expect(lineDescription(upgrade, 'de')).toBe('Business Pass (Upgrade von Standard Pass)');
  });

  it('keeps the stored words in English, and product names and unknown wordings as sold', () => {
    for (const line of [hotel, train, upgrade]) expect(lineDescription(line, 'en')).toBe(line.description);
    expect(lineDescription(taxedLine('pass', 'Business Pass', 1, 29_900), 'de')).toBe('Business Pass');
    expect(lineDescription(taxedLine('train-ticket', 'ICE Sprinter', 1, 9_900), 'de')).toBe('ICE Sprinter');
    expect(lineDescription(taxedLine('extra', 'Breakfast', 4, 2_200), 'de')).toBe('Breakfast');
  });
});
