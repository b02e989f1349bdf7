import { ORGANISER, ORGANISER_ADDRESS_LINES, PRIVACY_EMAIL_LINK } from './facts.ts';
import type { InfoSection } from './types.ts';

export const PRIVACY_POLICY: InfoSection = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  summary: 'Which personal data we process for CloudFest 2026, why, for how long, and your rights.',
  intro: [
    {
      kind: 'paragraph',
      text: 'This policy explains how CloudFest GmbH processes personal data when you register for CloudFest 2026, use this app and attend the event, in accordance with the EU General Data Protection Regulation (GDPR) and the German Federal Data Protection Act (BDSG). We process only the data we need to run the event, we do not sell personal data, and this app uses no advertising or analytics trackers.',
    },
  ],
  subsections: [
    {
      heading: 'Controller and data protection officer',
      blocks: [
        { kind: 'paragraph', text: 'The controller within the meaning of Art. 4 (7) GDPR is:' },
        { kind: 'address', lines: [...ORGANISER_ADDRESS_LINES, `E-mail: [${ORGANISER.email}](mailto:${ORGANISER.email})`] },
        {
          kind: 'paragraph',
          text: `You can reach our data protection officer at ${PRIVACY_EMAIL_LINK} or by post at the address above, marked “Data Protection Officer – confidential”.`,
        },
      ],
    },
    {
      heading: 'Registration and your account',
      blocks: [
        {
          kind: 'paragraph',
          text: 'When you register and create an account we process your first and last name, e-mail address, password (stored only as a salted hash), company, country, your billing address and, if you provide one, your VAT ID, as well as the pass you choose, any voucher code and an optional profile picture. We use these data to conclude and perform the registration contract, to issue your pass and badge, to send you e-mails about your registration (confirmation of your e-mail address, approval of your pass, invoices, password resets and important changes to the event) and to give you access to the app. Legal basis: Art. 6 (1) (b) GDPR.',
        },
        {
          kind: 'paragraph',
          text: 'Free and voucher passes are reviewed by our team before approval. To prevent misuse of free passes and voucher codes we check, for example, whether the e-mail address belongs to a disposable or free mail provider or has been blocked after earlier abuse. Legal basis: our legitimate interest in preventing fraud, Art. 6 (1) (f) GDPR. The decision on your pass is always made by a person, not by an automated system.',
        },
        {
          kind: 'paragraph',
          text: 'We check the VAT IDs of business customers in other EU member states, where necessary with the European Commission’s VIES service, to decide whether the reverse-charge rule applies. Legal basis: Art. 6 (1) (c) GDPR in conjunction with the German VAT Act (UStG).',
        },
      ],
    },
    {
      heading: 'Hotel bookings, train tickets and payments',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you book a room in a partner hotel, we process the hotel, room, arrival and departure dates, the names of additional guests and any requests you add, and pass them to the hotel so that it can prepare your stay. If you buy a Deutsche Bahn event ticket in the app, we process the data needed to issue the ticket (name of the traveller, class, travel period). Legal basis: Art. 6 (1) (b) GDPR. If you enter the name of another guest, please make sure that this person knows about this policy.',
        },
        {
          kind: 'paragraph',
          text: 'Payments are handled on the hosted payment page of our payment service provider, a payment institution licensed in the EU. Your card or account details are entered there directly; we never see or store them. We receive the payment status, the amount, the payment method and a transaction reference. Legal basis: Art. 6 (1) (b) GDPR, and Art. 6 (1) (c) GDPR for the invoices and accounting records we are required to keep.',
        },
      ],
    },
    {
      heading: 'Visa invitation letter',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you request a visa invitation letter, we process the details that the embassy or consulate expects in it: your full name as shown in your passport, date of birth, nationality, passport number and its validity, and the dates of your stay. We use them only to issue the letter and, if a German mission asks us, to confirm that the letter is genuine. Legal basis: Art. 6 (1) (b) GDPR. We do not send the letter to authorities ourselves; you submit it with your visa application.',
        },
      ],
    },
    {
      heading: 'Lead scanning and contacts',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Exhibitors and partners with the lead scanner can scan the code on your badge or in your app pass at their booth. A scan is only possible when you show your badge; nobody can scan you from a distance. When an exhibitor scans you, the exhibitor receives your name and company, together with the time of the scan. Other data, such as your e-mail address or your survey answers, are not shared through the scanner. Legal basis: the legitimate interest of you, the exhibitor and us in exchanging business contacts at a trade event, Art. 6 (1) (f) GDPR.',
        },
        {
          kind: 'paragraph',
          text: 'Under Contacts in the app you can always see which exhibitors have scanned you and whom you have scanned yourself. Once an exhibitor has received your contact, it is responsible for its own further use of the data as an independent controller; if it wants to send you marketing e-mails, it needs a legal basis of its own, such as your consent. If you do not want to be scanned, simply decline when you are asked at a booth.',
        },
      ],
    },
    {
      heading: 'Survey',
      blocks: [
        {
          kind: 'paragraph',
          text: 'After registration we ask you a few questions about your role, your interests and your plans for the event. Answering is voluntary; you can skip the survey. We use the answers to plan the programme, the rooms and the catering and to publish statistics about the audience, which never identify individuals. We do not pass individual answers to exhibitors or partners. Legal basis: your consent, Art. 6 (1) (a) GDPR, which you can withdraw at any time with effect for the future by writing to us.',
        },
      ],
    },
    {
      heading: 'Photos and videos at the event',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We take photos and video recordings of the event, including recordings of the stages that may be streamed live, and use them to report on CloudFest on our website, in social media and in press material. Legal basis: our legitimate interest in documenting and promoting the event, Art. 6 (1) (f) GDPR. Speakers are recorded on the basis of their speaker agreement. Photographers avoid close-up portraits of people who do not want to be photographed; if you object, tell the photographer or write to us and we will not use recognisable images of you in future publications.',
        },
      ],
    },
    {
      heading: 'Data stored on your device',
      blocks: [
        {
          kind: 'paragraph',
          text: 'To keep you signed in and to make your pass available without a network connection, the app stores the following on your device. All of it is strictly necessary for the service you request (§ 25 (2) no. 2 TDDDG); we use no advertising, analytics or third-party cookies.',
        },
        {
          kind: 'facts',
          items: [
            {
              term: 'Cookie “session”',
              text: 'Sign-in session, not readable by scripts (HttpOnly); expires after 30 days or when you log out.',
            },
            {
              term: 'Cookie “token” and local storage “token”',
              text: 'Sign-in token the app sends with its requests; expires after 30 days and is deleted when you log out.',
            },
            {
              term: 'Local storage “session-snapshot”',
              text: 'A copy of your profile and pass as last loaded, so that the app can start without a network; deleted when you log out.',
            },
            { term: 'Cookie “survey”', text: 'Remembers that you chose to skip the survey; expires after 30 days.' },
            {
              term: 'Cookie “surveyRedirect”',
              text: 'The page to return to after the survey; deleted as soon as you have been returned there.',
            },
            {
              term: 'IndexedDB and cache storage',
              text: 'The app’s program files, public event data (agenda, exhibitors, news) and offline copies of your pass, bookings, invoices and contacts; your personal copies are deleted when you log out.',
            },
          ],
        },
        {
          kind: 'paragraph',
          text: 'You can delete these data at any time in your browser settings; you will then be signed out and the offline copies will be downloaded again the next time you sign in. On shared devices, please always log out.',
        },
      ],
    },
    {
      heading: 'Hosting and server logs',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The app and its data are hosted in data centres in Germany. When you use the app, our servers log the IP address, the date and time, the requested address, the status of the response and the browser version. We need these logs to deliver the app, to detect attacks and to fix errors, and delete them after 14 days unless an incident has to be investigated. Legal basis: Art. 6 (1) (f) GDPR.',
        },
      ],
    },
    {
      heading: 'Recipients',
      blocks: [
        { kind: 'paragraph', text: 'We pass personal data to others only as far as necessary:' },
        {
          kind: 'list',
          items: [
            'partner hotels, for your room booking (they process the data as independent controllers);',
            'our payment service provider, for processing your payment;',
            'Deutsche Bahn, for issuing event train tickets;',
            'exhibitors and partners who scan your badge (name and company, see above);',
            'processors that work on our behalf under a data processing agreement (Art. 28 GDPR): our hosting provider, our e-mail delivery provider for the e-mails about your registration, and the service provider that prints badges on site;',
            'tax advisers and auditors, who are bound to professional secrecy, and authorities where we are legally obliged to do so.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We do not transfer personal data to countries outside the European Economic Area. If you ask us to send documents to an address outside the EEA, we do so at your request (Art. 49 (1) (b) GDPR).',
        },
      ],
    },
    {
      heading: 'How long we keep your data',
      blocks: [
        {
          kind: 'list',
          items: [
            'Account and registration data: until you delete your account, at the latest three years after the end of the last CloudFest you registered for, the limitation period for claims under the contract.',
            'Invoices and accounting records: for the periods required by commercial and tax law (§ 257 HGB, § 147 AO), up to ten years.',
            'Passport details for visa invitation letters: deleted three months after the event.',
            'Lead scans in our system: deleted six months after the event; exhibitors keep the contacts they have received under their own policies.',
            'Survey answers: linked to your account until three months after the event, then kept only in anonymised form.',
            'Server logs: 14 days.',
          ],
        },
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You have the right to access the personal data we hold about you (Art. 15 GDPR), to rectification of inaccurate data (Art. 16), to erasure (Art. 17), to restriction of processing (Art. 18) and to receive the data you have provided in a structured, machine-readable format (data portability, Art. 20). You can withdraw any consent at any time with effect for the future (Art. 7 (3)). Many details, such as your profile and billing address, you can correct yourself in the app.',
        },
        {
          kind: 'paragraph',
          text: 'Right to object (Art. 21 GDPR): where we process data on the basis of legitimate interests (Art. 6 (1) (f) GDPR), you may object at any time on grounds relating to your particular situation. We will then stop the processing unless we can demonstrate compelling legitimate grounds or need the data to establish, exercise or defend legal claims.',
        },
        {
          kind: 'paragraph',
          text: `To exercise your rights, write to ${PRIVACY_EMAIL_LINK}. You also have the right to lodge a complaint with a supervisory authority (Art. 77 GDPR). The authority responsible for us is:`,
        },
        {
          kind: 'address',
          lines: [
            'Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg',
            'Lautenschlagerstraße 20',
            '70173 Stuttgart, Germany',
            '[www.baden-wuerttemberg.datenschutz.de](https://www.baden-wuerttemberg.datenschutz.de)',
          ],
        },
      ],
    },
    {
      heading: 'Do you have to provide your data?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The data marked as required in the registration form are needed to conclude the contract; without them we cannot issue a pass. Everything else, including the survey, your profile picture and the visa invitation letter, is voluntary.',
        },
      ],
    },
    {
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We update this policy when the app or the law changes. The date at the top of this page shows the current version. If a change affects how we use data you have already given us, we will inform you by e-mail.',
        },
      ],
    },
  ],
};
