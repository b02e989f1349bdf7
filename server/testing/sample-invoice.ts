import { hotelLine, taxedLine } from '#shared/pricing.ts';
import type { InvoiceDocument } from '../services/invoices/invoice-pdf.ts';
import type { Seller } from '../services/invoices/seller.ts';

/** The seller as the default configuration has it (server/config.ts SELLER_*). */
export const TEST_SELLER: Seller = {
  name: 'CloudFest GmbH',
  street: 'Rheinweg 5',
  postcode: '77977',
  city: 'Rust',
  countryCode: 'DE',
  vatId: 'DE314772507',
  taxNumber: '',
  register: 'Amtsgericht Freiburg i. Br., HRB 712345',
  managingDirectors: ['Christian Jäger'],
  email: 'invoices@cloudfest.example',
  phone: '+49 7822 860 0',
};

/** A typical registration invoice: pass (19 %) and a four-night hotel stay (7 %), a Polish company, non-Latin-1 names. */
export const SAMPLE_INVOICE: InvoiceDocument = {
  kind: 'invoice',
  number: 'CF-2026-000042',
  issuedAt: new Date('2026-02-10T09:30:00Z'),
  status: 'paid',
  buyer: {
    name: 'Zoë Łukasiewicz',
    company: 'Przykład Sp. z o.o. 🚀',
    address: ['ul. Długa 5', '00-238 Warszawa', 'Poland'],
    postal: { line1: 'ul. Długa 5', line2: '', postcode: '00-238', city: 'Warszawa', state: '', countryCode: 'PL' },
    vatId: 'PL5260250995',
    email: 'zoe@example.pl',
  },
  lines: [
    taxedLine('pass', 'Business Pass', 1, 29_900),
    hotelLine({ name: 'Hotel Krønasår', roomName: 'Nordic Single', start: '2026-03-23', end: '2026-03-27' }, 71_600),
  ],
  supply: { from: '2026-03-24', to: '2026-03-26' },
  seller: TEST_SELLER,
};
