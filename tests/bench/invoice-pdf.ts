import { performance } from 'node:perf_hooks';
import { renderInvoicePdf } from '../../server/services/invoices/invoice-pdf.ts';
import { SAMPLE_INVOICE } from '../../server/testing/sample-invoice.ts';
import { report } from './report.ts';

const SAMPLE = SAMPLE_INVOICE;

/** Median time to render one invoice PDF in this process, after a warm-up (budget: ≤ 150 ms). */
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
