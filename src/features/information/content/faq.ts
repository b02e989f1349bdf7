import type { InfoSection } from './types.ts';

export const FAQ: InfoSection = {
  id: 'faq',
  title: 'faqTitle',
  summary: 'faqSummary',
  subsections: [
    {
      heading: 'faqWhenWhereHeading',
      blocks: [{ kind: 'paragraph', text: 'faqWhenWhere' }],
    },
    {
      heading: 'faqTrainHeading',
      blocks: [
        { kind: 'paragraph', text: 'faqTrainStation' },
        { kind: 'paragraph', text: 'faqTrainTicket' },
      ],
    },
    {
      heading: 'faqCarPlaneHeading',
      blocks: [
        { kind: 'paragraph', text: 'faqCar' },
        { kind: 'list', items: ['faqAirportBasel', 'faqAirportStrasbourg', 'faqAirportFrankfurt'] },
      ],
    },
    {
      heading: 'faqShuttleHeading',
      blocks: [{ kind: 'paragraph', text: 'faqShuttle' }],
    },
    {
      heading: 'faqStandardPassHeading',
      blocks: [{ kind: 'paragraph', text: 'faqStandardPass' }],
    },
    {
      heading: 'faqPassesHeading',
      blocks: [
        {
          kind: 'facts',
          items: [
            { term: 'faqPassStandardTerm', text: 'faqPassStandard' },
            { term: 'faqPassBusinessTerm', text: 'faqPassBusiness' },
            { term: 'faqPassPremiumTerm', text: 'faqPassPremium' },
            { term: 'faqPassVoucherTerm', text: 'faqPassVoucher' },
          ],
        },
        { kind: 'paragraph', text: 'faqPassUpgrade' },
      ],
    },
    {
      heading: 'faqInvoiceHeading',
      blocks: [{ kind: 'paragraph', text: 'faqInvoice' }],
    },
    {
      heading: 'faqVisaHeading',
      blocks: [{ kind: 'paragraph', text: 'faqVisa' }],
    },
    {
      heading: 'faqLostHeading',
      blocks: [{ kind: 'paragraph', text: 'faqLost' }],
    },
    {
      heading: 'faqLeadScannerHeading',
      blocks: [{ kind: 'paragraph', text: 'faqLeadScanner' }],
    },
    {
      heading: 'faqAccessibleHeading',
      blocks: [{ kind: 'paragraph', text: 'faqAccessible' }],
    },
    {
      heading: 'faqCancelHeading',
      blocks: [{ kind: 'paragraph', text: 'faqCancel' }],
    },
    {
      heading: 'faqContactHeading',
      blocks: [{ kind: 'paragraph', text: 'faqContact' }],
    },
  ],
};
