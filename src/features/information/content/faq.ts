import { CONDUCT_PHONE_LINK, DEADLINES, EMAIL_LINK, EVENT, PASS_PRICES, PHONE_LINK } from './facts.ts';
import type { InfoSection } from './types.ts';

export const FAQ: InfoSection = {
  id: 'faq',
  title: 'FAQ',
  summary: 'Quick answers about travel, passes, invoices, visas and the venue.',
  subsections: [
    {
      heading: 'When and where does CloudFest 2026 take place?',
      blocks: [
        {
          kind: 'paragraph',
          text: `From ${EVENT.dates} at the ${EVENT.venue}, Europa-Park-Straße 2, 77977 Rust, Germany. The doors and the registration desk open at ${EVENT.doorsOpen} each day; keynotes, sessions and the expo halls run from ${EVENT.programme}. On Monday 23 March you can collect your badge early at the registration desk between 16:00 and 20:00. Evening events are listed in the [agenda](/agenda).`,
        },
      ],
    },
    {
      heading: 'How do I get there by train?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The nearest station is Ringsheim/Europa-Park on the Rhine Valley line between Karlsruhe and Basel, about 4 km from the venue. Regional trains run there from Offenburg and Freiburg (Breisgau), where ICE and IC trains stop. From the station, the conference shuttle takes you to the venue in about five minutes.',
        },
        {
          kind: 'paragraph',
          text: 'With the Deutsche Bahn event ticket you travel from any station in Germany to Ringsheim/Europa-Park and back, on all trains including the ICE, between 22 and 28 March 2026. A return ticket costs €109.90 in 2nd class and €179.90 in 1st class; you can buy it under [Train ticket](/train-ticket) in the app.',
        },
      ],
    },
    {
      heading: 'How do I get there by car or by plane?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'By car, take the A5 motorway (Karlsruhe–Basel) to the Rust exit and follow the signs to Europa-Park and then to the CloudFest car park. Parking is available at the venue for a daily fee, with a limited number of charging points for electric cars.',
        },
        {
          kind: 'list',
          items: [
            'EuroAirport Basel-Mulhouse-Freiburg (BSL/MLH): about 90 km, roughly one hour by car or taxi.',
            'Strasbourg (SXB): about 60 km, roughly 50 minutes by car.',
            'Frankfurt (FRA): about 230 km; ICE trains run from the airport’s long-distance station to Offenburg or Freiburg, where you change to a regional train to Ringsheim/Europa-Park. Allow about two and a half hours.',
          ],
        },
      ],
    },
    {
      heading: 'Is there a shuttle bus from the hotels?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Yes. Partner hotels that are served by the free conference shuttle carry a shuttle badge in the hotel step of the registration and under [Accommodation](/accommodation); hotels on the Europa-Park grounds are marked as within walking distance. The shuttle buses run in the morning before the programme starts and in the evening after it ends, and on the evenings of official events until after they close. Just show your badge when you board. The timetable for each hotel is in its details in the app.',
        },
      ],
    },
    {
      heading: 'How do I get the free Standard Pass?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Choose the Standard Pass in the [registration](/registration) and enter the code CF26. The number of free passes is limited; the registration page shows whether some are still available. As with all free passes, our team reviews your registration before approving the pass, so please register with your business e-mail address. You receive an e-mail as soon as your pass is approved.',
        },
      ],
    },
    {
      heading: 'What is the difference between the passes?',
      blocks: [
        {
          kind: 'facts',
          items: [
            { term: 'Standard Pass (free with CF26)', text: 'The expo halls, all keynotes and all track sessions.' },
            {
              term: `Business Pass (${PASS_PRICES.business.net} plus VAT)`,
              text: 'Everything in Standard plus the workshops, the business lounge, lunch on all three days and the Hackathon showcase.',
            },
            {
              term: `Premium Pass (${PASS_PRICES.premium.net} plus VAT)`,
              text: 'Everything in Business plus the VIP lounge, reserved keynote seats, the Speakers & VIP dinner and the closing party.',
            },
            {
              term: 'Voucher passes',
              text: 'Host, Speaker, Press and Partner passes are issued with a personal code to invited guests, confirmed speakers, accredited journalists and staff of sponsors and exhibitors.',
            },
          ],
        },
        {
          kind: 'paragraph',
          text: 'You can upgrade a Standard or Business Pass at any time under [Pass](/pass) and pay only the difference.',
        },
      ],
    },
    {
      heading: 'Will I get an invoice, and how is VAT handled?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Yes. Your invoice is available as a PDF under [Invoices](/invoices) right after payment. Prices are net; German VAT of 19 % is added to passes. If your company is based in another EU country, enter its VAT ID in your billing address before checkout: where the reverse-charge procedure applies, the invoice is issued without German VAT. If an invoice needs to be corrected, write to us.',
        },
      ],
    },
    {
      heading: 'I need a visa. Can I get an invitation letter?',
      blocks: [
        {
          kind: 'paragraph',
          text: `Yes. Once your pass has been approved, you can create a personal invitation letter under [Visa Invitation Letter](/visa-invitation-letter). Please check with the German embassy or consulate responsible for you whether you need a Schengen visa, and apply early: we recommend requesting the letter by ${DEADLINES.visaRequest}. The letter confirms your registration; it does not guarantee that a visa will be issued, and we cannot cover travel or accommodation costs.`,
        },
      ],
    },
    {
      heading: 'I have lost my badge or my phone. What now?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Your pass is always in the app under [Pass](/pass), and it works offline: open the app once with a connection before you travel, and the pass will be available even without a network. If you lose your printed badge, show the pass in the app and an ID at the registration desk and we will print a new one. If you lose your phone, sign in on another device or bring your ID to the registration desk.',
        },
      ],
    },
    {
      heading: 'How does the lead scanner work for exhibitors?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Exhibitors and partners with lead-scanner access find the [Lead Scanner](/contacts?currentTab=scan) in the tab bar. Allow the app to use the camera and point it at the code on a visitor’s badge or app pass. The scanned contact, with name and company, appears in your Contacts right away. Please scan visitors only with their agreement. Visitors can see in their own Contacts who has scanned them. If your booth staff need access, ask your company’s main contact to request it from us.',
        },
      ],
    },
    {
      heading: 'Is the venue accessible?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Yes. All halls and stages are step-free and connected by lifts, there are accessible toilets on every level, reserved spaces for wheelchair users in the keynote hall, and a quiet room for anyone who needs a break. Assistance dogs are welcome. Accessible shuttle buses are available on request. A personal assistant accompanying a participant with a disability receives a free pass. Please tell us what you need at least two weeks before the event, and we will plan it with you.',
        },
      ],
    },
    {
      heading: 'Can I cancel my pass or send a colleague instead?',
      blocks: [
        {
          kind: 'paragraph',
          text: `Paid passes can be cancelled free of charge until ${DEADLINES.freeCancellation}; until ${DEADLINES.partialRefund} we refund 50 %. A colleague can take your place free of charge until ${DEADLINES.nameChange}. The details, including those for hotel rooms, are in the [terms and conditions](#terms-and-conditions).`,
        },
      ],
    },
    {
      heading: 'How can I contact you?',
      blocks: [
        {
          kind: 'paragraph',
          text: `Write to ${EMAIL_LINK} or call ${PHONE_LINK} (Monday to Friday, 09:00 to 17:00 CET/CEST). During the event, the info desk in the entrance hall is staffed whenever the doors are open. To report a problem under our [Code of Conduct](#code-of-conduct), call the awareness hotline ${CONDUCT_PHONE_LINK}.`,
        },
      ],
    },
  ],
};
