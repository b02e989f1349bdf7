import type { InvoiceDocument } from '../services/invoice-pdf.ts';

/** A typical registration invoice: pass and a four-night hotel stay, reverse charge, non-Latin-1 names. */
export const SAMPLE_INVOICE: InvoiceDocument = {
  number: 'CF-2026-000042',
  issuedAt: new Date('2026-02-10T09:30:00Z'),
  status: 'paid',
  buyer: {
    name: 'Zoë Łukasiewicz',
    company: 'Przykład Sp. z o.o. 🚀',
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
