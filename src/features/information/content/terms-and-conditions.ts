import type { InfoSection } from './types.ts';

export const TERMS_AND_CONDITIONS: InfoSection = {
  id: 'terms-and-conditions',
  title: 'termsTitle',
  summary: 'termsSummary',
  intro: [{ kind: 'paragraph', text: 'termsIntro' }],
  subsections: [
    {
      heading: 'termsOrganiserHeading',
      blocks: [{ kind: 'paragraph', text: 'termsOrganiser' }],
    },
    {
      heading: 'termsContractHeading',
      blocks: [
        { kind: 'paragraph', text: 'termsContractConclusion' },
        { kind: 'paragraph', text: 'termsContractParticipants' },
      ],
    },
    {
      heading: 'termsPassesHeading',
      blocks: [
        { kind: 'paragraph', text: 'termsPassesPersonal' },
        { kind: 'paragraph', text: 'termsPassesNameChange' },
      ],
    },
    {
      heading: 'termsFreePassesHeading',
      blocks: [{ kind: 'paragraph', text: 'termsFreePasses' }],
    },
    {
      heading: 'termsPricesHeading',
      blocks: [
        { kind: 'paragraph', text: 'termsPricesNet' },
        {
          kind: 'facts',
          items: [
            { term: 'termsPriceStandardTerm', text: 'termsPriceStandard' },
            { term: 'termsPriceBusinessTerm', text: 'termsPriceBusiness' },
            { term: 'termsPricePremiumTerm', text: 'termsPricePremium' },
            { term: 'termsPriceUpgradesTerm', text: 'termsPriceUpgrades' },
          ],
        },
        { kind: 'paragraph', text: 'termsPricesRates' },
      ],
    },
    {
      heading: 'termsPaymentHeading',
      blocks: [{ kind: 'paragraph', text: 'termsPayment' }],
    },
    {
      heading: 'termsCancellationHeading',
      blocks: [
        { kind: 'paragraph', text: 'termsCancellationWithdrawal' },
        {
          kind: 'list',
          items: ['termsCancellationFull', 'termsCancellationHalf', 'termsCancellationNone'],
        },
        { kind: 'paragraph', text: 'termsCancellationFreePasses' },
      ],
    },
    {
      heading: 'termsHotelsHeading',
      blocks: [
        { kind: 'paragraph', text: 'termsHotelsContingents' },
        { kind: 'paragraph', text: 'termsHotelsCancellationIntro' },
        {
          kind: 'list',
          items: ['termsHotelsCancellationFree', 'termsHotelsCancellationHalf', 'termsHotelsCancellationFull'],
        },
        { kind: 'paragraph', text: 'termsHotelsReletting' },
      ],
    },
    {
      heading: 'termsTrainHeading',
      blocks: [{ kind: 'paragraph', text: 'termsTrain' }],
    },
    {
      heading: 'termsChangesHeading',
      blocks: [{ kind: 'paragraph', text: 'termsChanges' }],
    },
    {
      heading: 'termsPhotosHeading',
      blocks: [{ kind: 'paragraph', text: 'termsPhotos' }],
    },
    {
      heading: 'termsHouseRulesHeading',
      blocks: [{ kind: 'paragraph', text: 'termsHouseRules' }],
    },
    {
      heading: 'termsLiabilityHeading',
      blocks: [{ kind: 'paragraph', text: 'termsLiability' }],
    },
    {
      heading: 'termsFinalHeading',
      blocks: [{ kind: 'paragraph', text: 'termsFinal' }],
    },
  ],
};
