import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/money.ts';
import { type OrderLine, priceOrder, taxedLine, totalsOf, vatPercent } from '#shared/pricing.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { checkCii, readCii } from '../../testing/en16931.ts';
import { addInvoice, csvRecords } from '../../testing/organizer-event.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { invoiceXml, loadInvoiceDocument } from './invoice-files.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/*
 * The checkout, the invoice PDF, the e-invoice XML and the accountant's CSV are four
 * readings of one sale; for 200 random orders (a pass, nights, breakfast, a train ticket, prices to
 * the cent) they must give the same net, VAT per rate and gross.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(demoEmail('organizer'));
}, 60_000);
afterAll(async () => t?.close());

/** A small seeded generator (mulberry32): the same 200 orders on every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), chance: (p: number) => next() < p };
}

/** An order as the checkout prices it: a pass, maybe a stay with breakfast, maybe a train ticket bought with it. */
function randomOrder(rng: ReturnType<typeof random>): OrderLine[] {
  const nights = rng.chance(0.7) ? rng.int(1, 6) : 0;
  const end = `2026-03-${String(22 + nights).padStart(2, '0')}`;
  const order = priceOrder({
    pass: { name: 'Business Pass', price: rng.int(0, 150_000) },
    hotel:
      nights > 0
        ? { name: 'Hotel Colosseo', roomName: 'Single', start: '2026-03-22', end, pricePerNight: rng.int(4_999, 39_999) }
        : null,
    extras: nights > 0 && rng.chance(0.5) ? [{ description: 'Breakfast', quantity: nights, unitPrice: rng.int(995, 3_495) }] : [],
  });
  const train = rng.chance(0.3) ? [taxedLine('train-ticket', 'Deutsche Bahn event ticket', 1, rng.int(4_990, 19_990))] : [];
  return [...order.lines, ...train];
}

const cents = (text: string | undefined) => Math.round(Number(text) * 100);

describe('checkout, invoice PDF, e-invoice XML and invoices CSV', () => {
  it('give the same net, VAT per rate and gross for 200 random orders', async () => {
    const rng = random(23);
    const sales: { number: string; id: string; checkout: ReturnType<typeof totalsOf> }[] = [];
    for (let i = 0; i < 200; i++) {
      const lines = randomOrder(rng);
      const checkout = totalsOf(lines);
      const issuedAt = new Date(Date.UTC(2026, 4, 4, 8) + i * 60_000).toISOString();
      const { invoice } = await addInvoice(t.database.db, demoEmail('attendee'), { lines, issuedAt });
      sales.push({ ...invoice, checkout });
    }

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/organizer/exports/orders.csv?from=2026-05-04&to=2026-05-04',
      headers: organizer,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = new Map(csvRecords(csv.body).map((row) => [row['Invoice number'], row]));
    expect(rows.size).toBe(200);

    for (const { id, number, checkout } of sales) {
      const doc = await loadInvoiceDocument(t.database.db, t.app.config, id);
      if (!doc) throw new Error(`invoice ${number} is missing`);

      const facts = readCii(await invoiceXml(doc));
      expect(checkCii(facts), number).toEqual([]);
      expect(facts.totals, number).toMatchObject({ taxBasis: checkout.net, taxTotal: checkout.vat, grandTotal: checkout.gross });
      expect(
        facts.taxes.map((tax) => ({ rate: tax.rate, basis: tax.basis, tax: tax.tax })),
        number,
      ).toEqual(checkout.vatBreakdown.map((row) => ({ rate: row.basisPoints / 100, basis: row.net, tax: row.vat })));

      // The PDF (German amounts in either language): net, each rate's line and the gross.
      const text = pdfText(await renderInvoicePdf({ ...doc, language: 'de' })).replace(/\n/g, ' ');
      const eur = (amount: number) => formatMoney(amount, 'de');
      expect(text, number).toContain(`Nettobetrag ${eur(checkout.net)}`);
      for (const row of checkout.vatBreakdown) {
        expect(text, number).toContain(`USt. ${vatPercent(row.basisPoints)} % auf ${eur(row.net)} ${eur(row.vat)}`);
      }
      expect(text, number).toContain(`Gesamtbetrag ${eur(checkout.gross)}`);

      const row = rows.get(number);
      expect(cents(row?.Net), number).toBe(checkout.net);
      expect(cents(row?.VAT), number).toBe(checkout.vat);
      expect(cents(row?.Gross), number).toBe(checkout.gross);
      for (const rate of checkout.vatBreakdown) {
        const percent = vatPercent(rate.basisPoints);
        expect(cents(row?.[`Net ${percent} %`]), number).toBe(rate.net);
        expect(cents(row?.[`VAT ${percent} %`]), number).toBe(rate.vat);
      }
    }
  }, 240_000);
});
