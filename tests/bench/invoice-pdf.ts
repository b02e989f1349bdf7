import { performance } from 'node:perf_hooks';
import { type InvoiceDocument, renderInvoicePdf } from '../../server/services/invoice-pdf.ts';
import { report } from './report.ts';

/** A typical registration invoice: pass and a four-night hotel stay, reverse charge, accented names. */
const SAMPLE: InvoiceDocument = {
  number: 'CF-2026-000123',
  issuedAt: new Date('2026-02-10T09:30:00Z'),
  status: 'paid',
  buyer: {
    name: 'Zoë Łukasiewicz',
    company: 'Przykład Sp. z o.o.',
    address: ['ul. Długa 5', '00-238 Warszawa', 'Poland'],
    vatId: 'PL5260250995',
    email: 'zoe@example.pl',
  },
  lines: [
    { kind: 'pass', description: 'Business Pass', quantity: 1, unitPrice: 29_900, net: 29_900 },
    {
      kind: 'hotel',
      description: 'Hotel Krønasår, Nordic Single, 2026-03-23 to 2026-03-27 (4 nights)',
      quantity: 4,
      unitPrice: 17_900,
      net: 71_600,
    },
  ],
  net: 101_500,
  vatBasisPoints: 0,
  vat: 0,
  gross: 101_500,
  reverseCharge: true,
  supply: { from: '2026-03-24', to: '2026-03-26' },
};

/** Median time to render one invoice PDF in this process, after a warm-up (issue 4 budget: ≤ 150 ms). */
export async function benchInvoicePdf(runs = 50) {
  for (let i = 0; i < 5; i++) await renderInvoicePdf(SAMPLE);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await renderInvoicePdf(SAMPLE);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  report('invoice_pdf_ms_median', times[Math.floor(times.length / 2)] ?? Number.NaN, 'ms', '<= 150 ms');
}
