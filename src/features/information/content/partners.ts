import type { InfoSection } from './types.ts';

export const PARTNERS: InfoSection = {
  id: 'partners',
  title: 'partnersTitle',
  summary: 'partnersSummary',
  intro: [{ kind: 'paragraph', text: 'partnersIntro' }],
  subsections: [
    {
      heading: 'partnersListHeading',
      blocks: [
        {
          kind: 'facts',
          items: [
            { term: 'partnersPlatinumTerm', text: { verbatim: 'Nimbusfeld Cloud, Brightquay Compute' } },
            { term: 'partnersGoldTerm', text: { verbatim: 'Elbstrom Data Centres, Quellbit Security, Fernhalde Networks' } },
            { term: 'partnersHackathonTerm', text: { verbatim: 'Tessarin Labs' } },
            { term: 'partnersRegistrationTerm', text: { verbatim: 'Passwerk Event Services' } },
          ],
        },
        { kind: 'paragraph', text: 'partnersBecomePartner' },
      ],
    },
  ],
};
