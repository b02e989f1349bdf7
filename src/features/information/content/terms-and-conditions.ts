import { DEADLINES, EMAIL_LINK, PASS_PRICES } from './facts.ts';
import type { InfoSection } from './types.ts';

export const TERMS_AND_CONDITIONS: InfoSection = {
  id: 'terms-and-conditions',
  title: 'Terms and Conditions',
  summary: 'The rules for registration, passes, payments, cancellations and hotel bookings.',
  intro: [
    {
      kind: 'paragraph',
      text: 'These terms apply to all registrations for CloudFest 2026 (24 to 26 March 2026, Europa-Park, Rust) and to all bookings made in this app. Conflicting terms of participants do not apply, even if we do not object to them expressly.',
    },
  ],
  subsections: [
    {
      heading: '1. Organiser and contracting party',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The organiser and your contracting party is CloudFest GmbH, Europa-Park-Straße 2, 77977 Rust, Germany (see the [imprint](#imprint)). The venue is operated by a third party; its house rules apply at the venue.',
        },
      ],
    },
    {
      heading: '2. Registration and conclusion of the contract',
      blocks: [
        {
          kind: 'paragraph',
          text: 'By completing the checkout you submit a binding offer to participate. For paid passes and upgrades the contract is concluded when your payment has been completed; free and voucher passes are reviewed by our team first, and the contract is concluded when we approve the pass. We confirm the approval of every pass by e-mail, and only approved passes give access to the event and to all functions of the app. We may decline a registration, in particular if the eligibility requirements of a pass are not met or if a voucher code is being misused; any amount already paid will then be refunded in full.',
        },
        {
          kind: 'paragraph',
          text: 'CloudFest is a trade event for professionals in the cloud, hosting and internet infrastructure industry. Participants must be at least 18 years old. You are responsible for ensuring that the information you give us is correct and complete; please keep your billing address up to date in your profile.',
        },
      ],
    },
    {
      heading: '3. Passes',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The services included in each pass are those described in the registration at the time of your booking. Your pass is personal and non-transferable. It is stored in the app, where you can show it at the entrance; at the registration desk you receive a printed badge with the same code. Please wear your badge visibly at all times at the venue and at evening events. A pass may not be sold, raffled or passed on; passes obtained in this way are void.',
        },
        {
          kind: 'paragraph',
          text: `If you can no longer attend, a colleague may take your place: write to us at ${EMAIL_LINK} from the e-mail address of your account by ${DEADLINES.nameChange}, giving the name and e-mail address of the new participant. Name changes are free of charge. The new participant creates their own account and accepts these terms; the pass type, any hotel booking and the invoice remain unchanged unless we agree otherwise.`,
        },
      ],
    },
    {
      heading: '4. Free and voucher passes',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The Standard Pass is free of charge with the code CF26 while the contingent of free passes lasts. Host, speaker, press and partner passes require a personal voucher code issued by us or by a hosting partner; for host passes the code is valid only for the invited e-mail address, and press passes require proof of journalistic work. Free and voucher passes are subject to approval. Voucher codes have no cash value, cannot be combined, and may not be passed on to third parties.',
        },
      ],
    },
    {
      heading: '5. Prices and VAT',
      blocks: [
        {
          kind: 'paragraph',
          text: 'All prices shown in the registration are net prices in euros. German VAT at the statutory rate, currently 19 % for passes, is added and shown separately at checkout and on the invoice:',
        },
        {
          kind: 'facts',
          items: [
            { term: 'Standard Pass', text: 'free of charge with the code CF26' },
            {
              term: 'Business Pass',
              text: `${PASS_PRICES.business.net} net, ${PASS_PRICES.business.gross} including 19 % VAT`,
            },
            {
              term: 'Premium Pass',
              text: `${PASS_PRICES.premium.net} net, ${PASS_PRICES.premium.gross} including 19 % VAT`,
            },
            { term: 'Upgrades', text: 'the difference between the net prices of the two passes, plus VAT' },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Business customers established in another EU member state who enter a valid VAT ID of that country in their billing address are invoiced without German VAT where the requirements of the reverse-charge procedure are met; the VAT is then owed by the recipient. The checkout shows which applies before you pay. Room rates of partner hotels are quoted per night and are subject to the VAT applicable to accommodation.',
        },
      ],
    },
    {
      heading: '6. Payment and invoices',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Payment is due at checkout and is processed through the hosted payment page of our payment service provider, using the payment methods offered there. If a payment fails or is cancelled, no contract is concluded and any room held for you is released. Your invoice is issued electronically and is available under Invoices in the app. Please check your billing details before you pay. If they need to be corrected afterwards, write to us and we will issue a corrected invoice.',
        },
      ],
    },
    {
      heading: '7. Cancellation by the participant',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Consumers have no statutory right of withdrawal, because the contract concerns services connected with an event, and accommodation, on specific dates (§ 312g (2) no. 9 BGB). Instead, we offer the following voluntary cancellation terms for paid passes and upgrades. Cancellations must be made in text form, preferably by e-mail, and are effective on the date we receive them:',
        },
        {
          kind: 'list',
          items: [
            `up to and including ${DEADLINES.freeCancellation}: full refund;`,
            `from 24 February up to and including ${DEADLINES.partialRefund}: refund of 50 % of the pass price;`,
            `after ${DEADLINES.partialRefund}, or if you do not attend: no refund; a name change (section 3) is still possible.`,
          ],
        },
        {
          kind: 'paragraph',
          text: 'Free passes can be cancelled at any time; please do so if you cannot come, so that someone else can use the place. You remain free to prove that we incurred no loss or a lower loss than the amount retained. Refunds are made to the original payment method within 14 days.',
        },
      ],
    },
    {
      heading: '8. Hotel bookings and shuttle buses',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Hotel rooms offered in the registration come from room contingents that we have reserved with our partner hotels. We book them on your behalf and invoice them together with your pass; the contract for the stay itself is concluded with the hotel, whose house rules and check-in and check-out times apply. Breakfast is included where the room description says so. Extras such as parking, minibar, restaurant bills and nights booked outside the conference period are paid directly at the hotel. A room you select during registration is held for you for a limited time and becomes binding when you complete the checkout.',
        },
        {
          kind: 'paragraph',
          text: 'Unless the hotel’s description in the app states different terms, the following cancellation windows apply to rooms booked through us:',
        },
        {
          kind: 'list',
          items: [
            `up to and including ${DEADLINES.freeCancellation}: free of charge;`,
            `from 24 February up to and including ${DEADLINES.partialRefund}: 50 % of the total room price;`,
            `after ${DEADLINES.partialRefund}, and for no-shows: 100 % of the total room price.`,
          ],
        },
        {
          kind: 'paragraph',
          text: 'If the hotel manages to re-let the room, we refund the amount it credits to us. Changes of dates or room type are possible subject to availability. Hotels marked with the shuttle badge are served by the free conference shuttle buses, which are available to pass holders; the timetables are published in the app and may be adjusted to traffic and demand.',
        },
      ],
    },
    {
      heading: '9. Train tickets',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Deutsche Bahn event tickets bought in the app are issued by Deutsche Bahn. The contract of carriage is concluded with the railway undertaking under its conditions of carriage; exchanges and refunds follow the ticket conditions shown when you buy the ticket. We are not liable for delays or cancellations of trains.',
        },
      ],
    },
    {
      heading: '10. Changes to the programme and cancellation of the event',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may change the programme, speakers, session times and rooms if there is good reason to do so, provided that the overall character of the event is preserved; such changes do not entitle you to a refund. If we have to cancel or postpone the event, in particular due to force majeure, official orders or other circumstances beyond our control, we refund the price paid for your pass and for hotel rooms booked through us. Further claims, in particular for travel costs, exist only within the limits of section 13.',
        },
      ],
    },
    {
      heading: '11. Photos and video recordings',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Photos and video recordings are made at the event, and some sessions are streamed live. By attending you acknowledge that you may appear in these recordings and that we may publish them to report on and promote CloudFest, in particular on our website, in social media and in press material. Details, including how to object, are in our [privacy policy](#privacy-policy). Commercial recording of sessions by participants requires our prior written consent; press representatives follow the instructions of the press team.',
        },
      ],
    },
    {
      heading: '12. House rules and Code of Conduct',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our [Code of Conduct](#code-of-conduct) and the house rules of the venue are part of this contract. If a participant seriously or repeatedly breaches them, we may withdraw the pass and exclude the participant from the event without refund.',
        },
      ],
    },
    {
      heading: '13. Liability',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We are liable without limitation for intent and gross negligence, for injury to life, body or health, under the Product Liability Act and where we have given a guarantee. For slight negligence we are liable only for breaches of essential contractual obligations, that is, obligations whose fulfilment makes the proper performance of the contract possible in the first place and on which you may regularly rely; liability is then limited to the typical damage foreseeable at the time the contract was concluded. Otherwise our liability is excluded. These limitations also apply in favour of our employees and agents. We accept no liability for items left unattended or in cloakrooms that are not supervised.',
        },
      ],
    },
    {
      heading: '14. Final provisions',
      blocks: [
        {
          kind: 'paragraph',
          text: 'German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. For consumers, this choice of law does not deprive them of the protection of mandatory provisions of the law of the country in which they have their habitual residence. If you are a merchant, a legal entity under public law or a special fund under public law, the exclusive place of jurisdiction for all disputes arising from this contract is Freiburg im Breisgau, Germany. Should any provision of these terms be invalid, the validity of the remaining provisions is not affected.',
        },
      ],
    },
  ],
};
