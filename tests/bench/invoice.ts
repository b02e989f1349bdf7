import { performance } from 'node:perf_hooks';
import { taxedLine } from '#shared/pricing.ts';
import { invoicePdf } from '../../server/services/invoices/invoice-files.ts';
import { SAMPLE_INVOICE } from '../../server/testing/sample-invoice.ts';
import { median, report } from './report.ts';
import { isMain } from './standalone.ts';

/** One registration order: pass (19 %), four hotel nights (7 %) and their breakfasts (19 %). */
const ORDER = { ...SAMPLE_INVOICE, lines: [...SAMPLE_INVOICE.lines, taxedLine('extra', 'Breakfast', 4, 2_200)] };

/**
 * The e-invoice of one order in this process: the rendered invoice made PDF/A-3 with its EN 16931
 * XML embedded (Factur-X), after a warm-up (the first one loads pdf-lib, fontkit, the fonts and the
 * e-invoice library). Budget: p95 ≤ 150 ms.
 */
export async function benchInvoice(runs = 50) {
  for (let i = 0; i < 5; i++) await invoicePdf(ORDER);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await invoicePdf(ORDER);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  report('invoice_facturx_ms_p95', times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN, 'ms', '<= 150 ms');
  report('invoice_facturx_ms_median', median(times), 'ms');
}

// `node --import tsx tests/bench/invoice.ts` runs it alone.
if (isMain(import.meta.url)) await benchInvoice();
