import { EMAIL_LINK, ORGANISER, ORGANISER_ADDRESS_LINES } from './facts.ts';
import type { InfoSection } from './types.ts';

export const IMPRINT: InfoSection = {
  id: 'imprint',
  title: 'imprintTitle',
  summary: 'imprintSummary',
  subsections: [
    {
      heading: 'imprintProviderHeading',
      blocks: [
        { kind: 'address', lines: ORGANISER_ADDRESS_LINES },
        {
          kind: 'facts',
          items: [
            { term: 'imprintManagingDirectorsTerm', text: { verbatim: ORGANISER.managingDirectors } },
            { term: 'imprintRegisterTerm', text: { verbatim: ORGANISER.register } },
            { term: 'imprintVatIdTerm', text: { verbatim: ORGANISER.vatId } },
          ],
        },
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
      blocks: [
        {
          kind: 'address',
          lines: [
            { verbatim: 'Dr. Katharina Vogt' },
            { verbatim: ORGANISER.name },
            { verbatim: ORGANISER.street },
            'imprintResponsibleTown',
          ],
        },
      ],
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
