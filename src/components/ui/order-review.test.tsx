import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from '../../features/registration/order-summary.tsx';
import type { Order } from '../../shared/contracts/registration.ts';
import { OrderReview } from './order-review.tsx';

const FREE: Order = {
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'registration',
  status: 'open',
  lines: [{ kind: 'pass', description: 'Standard Pass', quantity: 1, unitPrice: 0, net: 0 }],
  net: 0,
  vatRate: 0.19,
  vat: 0,
  gross: 0,
  reverseCharge: false,
  passStatus: 'pending',
  invoiceNumber: null,
};
const PAID: Order = {
  ...FREE,
  lines: [{ kind: 'pass', description: 'Business Pass', quantity: 1, unitPrice: 29_900, net: 29_900 }],
  net: 29_900,
  vat: 5_681,
  gross: 35_581,
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
  });
});
