import { EMAIL_LINK } from './facts.ts';
import type { InfoSection } from './types.ts';

export const PARTNERS: InfoSection = {
  id: 'partners',
  title: 'Partners',
  summary: 'The companies that make CloudFest 2026 possible.',
  intro: [
    {
      kind: 'paragraph',
      text: 'CloudFest is made possible by the hosting providers, cloud platforms, data centre operators and software vendors who partner with us. Their support keeps the Standard Pass free, funds the Hackathon and brings the evening events to life, while our programme committee keeps the content independent: partnership does not buy a keynote slot.',
    },
  ],
  subsections: [
    {
      heading: 'Partners of CloudFest 2026',
      blocks: [
        {
          kind: 'facts',
          items: [
            { term: 'Platinum partners', text: 'Nimbusfeld Cloud, Brightquay Compute' },
            { term: 'Gold partners', text: 'Elbstrom Data Centres, Quellbit Security, Fernhalde Networks' },
            { term: 'Hackathon partner', text: 'Tessarin Labs' },
            { term: 'Registration partner', text: 'Passwerk Event Services' },
          ],
        },
        {
          kind: 'paragraph',
          text: `All exhibitors, with their halls and booth numbers, are listed in the [floor plan](/floor-plan). Would you like to become a partner of CloudFest 2027? Write to ${EMAIL_LINK} and our partnerships team will send you the partner prospectus.`,
        },
      ],
    },
  ],
};
