import { EMAIL_LINK, ORGANISER, ORGANISER_ADDRESS_LINES, PHONE_LINK } from './facts.ts';
import type { InfoSection } from './types.ts';

export const IMPRINT: InfoSection = {
  id: 'imprint',
  title: 'Imprint',
  summary: 'Who runs CloudFest 2026 and this app, and how to reach us.',
  subsections: [
    {
      heading: 'Provider pursuant to § 5 DDG',
      blocks: [
        { kind: 'address', lines: ORGANISER_ADDRESS_LINES },
        {
          kind: 'facts',
          items: [
            { term: 'Managing directors', text: ORGANISER.managingDirectors },
            { term: 'Commercial register', text: ORGANISER.register },
            { term: 'VAT ID (§ 27a UStG)', text: ORGANISER.vatId },
          ],
        },
      ],
    },
    {
      heading: 'Contact',
      blocks: [
        {
          kind: 'facts',
          items: [
            { term: 'Phone', text: `${PHONE_LINK} (Monday to Friday, 09:00 to 17:00 CET/CEST)` },
            { term: 'E-mail', text: EMAIL_LINK },
          ],
        },
        {
          kind: 'paragraph',
          text: 'For questions about your registration, pass, hotel booking or invoice, please write from the e-mail address of your account so that we can find your registration quickly.',
        },
      ],
    },
    {
      heading: 'Responsible for the content pursuant to § 18 (2) MStV',
      blocks: [
        {
          kind: 'address',
          lines: [
            'Dr. Katharina Vogt',
            ORGANISER.name,
            ORGANISER.street,
            `${ORGANISER.postcode} ${ORGANISER.city}, ${ORGANISER.country}`,
          ],
        },
      ],
    },
    {
      heading: 'Consumer dispute resolution',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The European Commission’s online dispute resolution (ODR) platform was discontinued on 20 July 2025 (Regulation (EU) 2024/3228); complaints can no longer be filed there. If something has gone wrong, please contact us directly at the address above; we will look for a solution with you.',
        },
        {
          kind: 'paragraph',
          text: 'We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board (§ 36 VSBG).',
        },
      ],
    },
    {
      heading: 'Liability for content and links',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We prepare the content of this app with care, but programme details, speakers, opening hours and shuttle timetables may change at short notice. The agenda and the notices in the app always show the current state. As a service provider we are responsible for our own content under the general laws (§ 7 (1) DDG); we are not obliged to monitor third-party information that we transmit or store (§§ 8 to 10 DDG). Obligations to remove or block information under the general laws remain unaffected; we will remove unlawful content as soon as we become aware of it.',
        },
        {
          kind: 'paragraph',
          text: 'This app links to websites of third parties, such as partner hotels, exhibitors and Deutsche Bahn. We have no influence on their content, for which their operators are responsible. We checked the linked pages for obvious legal violations when we set the links; if we learn of a violation, we will remove the link.',
        },
      ],
    },
    {
      heading: 'Copyright',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Texts, graphics, the CloudFest logo and the floor and site plans are protected by copyright. You may use them for personal planning of your visit and for reporting on the event; any other use requires our prior written consent. Press material is available on request from the press team at the e-mail address above. Venue photos are used with the permission of the venue operator.',
        },
      ],
    },
  ],
};
