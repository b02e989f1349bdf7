import type { InfoSection } from './types.ts';

export const PRIVACY_POLICY: InfoSection = {
  id: 'privacy-policy',
  title: 'privacyTitle',
  summary: 'privacySummary',
  intro: [{ kind: 'paragraph', text: 'privacyIntro' }],
  subsections: [
    {
      heading: 'privacyControllerHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyControllerIntro' },
        // The controller is the seller, from the server's configuration (GET /api/seller).
        { kind: 'seller-address', after: ['privacyControllerEmail'] },
        { kind: 'paragraph', text: 'privacyControllerDpo' },
      ],
    },
    {
      heading: 'privacyRegistrationHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyRegistrationData' },
        { kind: 'paragraph', text: 'privacyRegistrationReview' },
        { kind: 'paragraph', text: 'privacyRegistrationVat' },
      ],
    },
    {
      heading: 'privacyBookingsHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyBookingsHotelTrain' },
        { kind: 'paragraph', text: 'privacyBookingsPayments' },
      ],
    },
    {
      heading: 'privacyVisaHeading',
      blocks: [{ kind: 'paragraph', text: 'privacyVisa' }],
    },
    {
      heading: 'privacyLeadsHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyLeadsScanning' },
        { kind: 'paragraph', text: 'privacyLeadsContacts' },
      ],
    },
    {
      heading: 'privacySurveyHeading',
      blocks: [{ kind: 'paragraph', text: 'privacySurvey' }],
    },
    {
      heading: 'privacyPhotosHeading',
      blocks: [{ kind: 'paragraph', text: 'privacyPhotos' }],
    },
    {
      heading: 'privacyDeviceHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyDeviceIntro' },
        {
          kind: 'facts',
          items: [
            { term: 'privacyDeviceSessionTerm', text: 'privacyDeviceSession' },
            { term: 'privacyDeviceTokenTerm', text: 'privacyDeviceToken' },
            { term: 'privacyDeviceSnapshotTerm', text: 'privacyDeviceSnapshot' },
            { term: 'privacyDeviceSurveyTerm', text: 'privacyDeviceSurvey' },
            { term: 'privacyDeviceSurveyRedirectTerm', text: 'privacyDeviceSurveyRedirect' },
            { term: 'privacyDeviceCacheTerm', text: 'privacyDeviceCache' },
          ],
        },
        { kind: 'paragraph', text: 'privacyDeviceDelete' },
      ],
    },
    {
      heading: 'privacyHostingHeading',
      blocks: [{ kind: 'paragraph', text: 'privacyHosting' }],
    },
    {
      heading: 'privacyRecipientsHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyRecipientsIntro' },
        {
          kind: 'list',
          items: [
            'privacyRecipientsHotels',
            'privacyRecipientsPayment',
            'privacyRecipientsRail',
            'privacyRecipientsExhibitors',
            'privacyRecipientsProcessors',
            'privacyRecipientsAdvisers',
          ],
        },
        { kind: 'paragraph', text: 'privacyRecipientsTransfers' },
      ],
    },
    {
      heading: 'privacyRetentionHeading',
      blocks: [
        {
          kind: 'list',
          items: [
            'privacyRetentionAccount',
            'privacyRetentionInvoices',
            'privacyRetentionPassport',
            'privacyRetentionLeads',
            'privacyRetentionSurvey',
            'privacyRetentionLogs',
          ],
        },
      ],
    },
    {
      heading: 'privacyRightsHeading',
      blocks: [
        { kind: 'paragraph', text: 'privacyRights' },
        { kind: 'paragraph', text: 'privacyRightsObjection' },
        { kind: 'paragraph', text: 'privacyRightsComplaint' },
        {
          kind: 'address',
          lines: [
            { verbatim: 'Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg' },
            { verbatim: 'Lautenschlagerstraße 20' },
            'privacyAuthorityTown',
            { verbatim: '[www.baden-wuerttemberg.datenschutz.de](https://www.baden-wuerttemberg.datenschutz.de)' },
          ],
        },
      ],
    },
    {
      heading: 'privacyRequiredHeading',
      blocks: [{ kind: 'paragraph', text: 'privacyRequired' }],
    },
    {
      heading: 'privacyChangesHeading',
      blocks: [{ kind: 'paragraph', text: 'privacyChanges' }],
    },
  ],
};
