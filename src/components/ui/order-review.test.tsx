import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from '../../features/registration/order-summary.tsx';
import type { Order } from '../../shared/contracts/registration.ts';
import { priceOrder } from '../../shared/pricing.ts';
import { OrderReview } from './order-review.tsx';

const FREE: Order = {
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'registration',
  status: 'open',
  lines: [
    { kind: 'pass', description: 'Standard Pass', quantity: 1, unitPrice: 0, net: 0, vatCategory: 'S', vatBasisPoints: 1900 },
  ],
  net: 0,
  vatBreakdown: [{ category: 'S', basisPoints: 1900, net: 0, vat: 0 }],
  vat: 0,
  gross: 0,
  passStatus: 'pending',
  invoiceNumber: null,
};
const PAID: Order = { ...FREE, ...priceOrder({ pass: { name: 'Business Pass', price: 29_900 }, hotel: null }) };
/** Pass at 19 %, three nights at 7 %, breakfast at 19 %: two VAT rows, each rounded on its own sum. */
const MIXED: Order = {
  ...FREE,
  ...priceOrder({
    pass: { name: 'Business Pass', price: 29_900 },
    hotel: { name: 'Colosseo', roomName: 'Double', start: '2026-03-23', end: '2026-03-26', pricePerNight: 12_905 },
    extras: [{ description: 'Breakfast', quantity: 3, unitPrice: 2_495 }],
  }),
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each([
  ['OrderReview', (order: Order) => renderToStaticMarkup(<OrderReview order={order} />)],
  ['OrderSummary', (order: Order) => renderToStaticMarkup(<OrderSummary order={order} />)],
])('%s', (_name, render) => {
  it("shows a free order as 'Free' without net and VAT lines", () => {
    const shown = text(render(FREE));
    expect(shown).toContain('Standard Pass');
    expect(shown).toMatch(/Total Free/);
    expect(shown).not.toContain('Net');
    expect(shown).not.toContain('VAT');
    expect(shown).not.toContain('€0.00');
  });

  it('shows net, VAT and total of a paid order', () => {
    const shown = text(render(PAID));
    expect(shown).toMatch(/Net €299\.00/);
    expect(shown).toMatch(/VAT 19 % €56\.81/);
    expect(shown).toMatch(/Total €355\.81/);
    expect(shown).not.toContain('VAT 7 %');
    expect(shown).not.toMatch(/reverse charge/i);
  });

  it('shows one VAT row per rate, highest first', () => {
    const shown = text(render(MIXED));
    // Net 299.00 + 387.15 + 74.85 = 761.00; 19 % on 373.85 = 71.03; 7 % on 387.15 = 27.10.
    expect(shown).toMatch(/Net €761\.00 VAT 19 % €71\.03 VAT 7 % €27\.10 Total €859\.13/);
  });
});
