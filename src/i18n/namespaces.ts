import type accommodation from '../locales/en/accommodation.json';
import type agenda from '../locales/en/agenda.json';
import type auth from '../locales/en/auth.json';
import type checkin from '../locales/en/checkin.json';
import type checkout from '../locales/en/checkout.json';
import type common from '../locales/en/common.json';
import type contacts from '../locales/en/contacts.json';
import type home from '../locales/en/home.json';
import type information from '../locales/en/information.json';
import type invoices from '../locales/en/invoices.json';
import type kiosk from '../locales/en/kiosk.json';
import type organizer from '../locales/en/organizer.json';
import type pass from '../locales/en/pass.json';
import type plans from '../locales/en/plans.json';
import type profile from '../locales/en/profile.json';
import type registration from '../locales/en/registration.json';
import type survey from '../locales/en/survey.json';
import type trainTicket from '../locales/en/train-ticket.json';
import type validation from '../locales/en/validation.json';
import type visa from '../locales/en/visa.json';

/**
 * Every namespace and its English catalogue, the source of the keys: `t('key')` of a namespace
 * type-checks only for keys its English file has (the German one is checked against it by
 * src/i18n/catalogues.test.ts). One namespace per feature, loaded with its pages.
 */
export interface Catalogues {
  common: typeof common;
  checkout: typeof checkout;
  auth: typeof auth;
  registration: typeof registration;
  home: typeof home;
  pass: typeof pass;
  agenda: typeof agenda;
  plans: typeof plans;
  contacts: typeof contacts;
  checkin: typeof checkin;
  kiosk: typeof kiosk;
  accommodation: typeof accommodation;
  invoices: typeof invoices;
  profile: typeof profile;
  survey: typeof survey;
  'train-ticket': typeof trainTicket;
  visa: typeof visa;
  information: typeof information;
  organizer: typeof organizer;
  validation: typeof validation;
}

export type Namespace = keyof Catalogues;
export type MessageKey<N extends Namespace> = keyof Catalogues[N] & string;
