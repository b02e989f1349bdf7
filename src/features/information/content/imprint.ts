import { EMAIL_LINK } from './facts.ts';
import type { InfoSection } from './types.ts';

export const IMPRINT: InfoSection = {
  id: 'imprint',
  title: 'imprintTitle',
  summary: 'imprintSummary',
  subsections: [
    {
      heading: 'imprintProviderHeading',
      blocks: [
        // The seller of the invoices, from the server's configuration (GET /api/seller).
        { kind: 'seller-address' },
        { kind: 'seller-facts' },
      ],
    },
    {
      heading: 'imprintContactHeading',
      blocks: [
        {
          kind: 'facts',
          items: [
            { term: 'imprintPhoneTerm', text: 'imprintPhone' },
            { term: 'imprintEmailTerm', text: { verbatim: EMAIL_LINK } },
          ],
        },
        { kind: 'paragraph', text: 'imprintContactNote' },
      ],
    },
    {
      heading: 'imprintResponsibleHeading',
      blocks: [{ kind: 'seller-address', before: [{ verbatim: 'Dr. Katharina Vogt' }] }],
    },
    {
      heading: 'imprintDisputeHeading',
      blocks: [
        { kind: 'paragraph', text: 'imprintDisputeOdr' },
        { kind: 'paragraph', text: 'imprintDisputeVsbg' },
      ],
    },
    {
      heading: 'imprintLiabilityHeading',
      blocks: [
        { kind: 'paragraph', text: 'imprintLiabilityContent' },
        { kind: 'paragraph', text: 'imprintLiabilityLinks' },
      ],
    },
    {
      heading: 'imprintCopyrightHeading',
      blocks: [{ kind: 'paragraph', text: 'imprintCopyright' }],
    },
  ],
};
