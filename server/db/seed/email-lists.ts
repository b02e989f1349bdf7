/** Eligibility lists: an entry is either a domain or a full address. */
export const EMAIL_LISTS: { list: 'white' | 'black'; pattern: string }[] = [
  { list: 'white', pattern: 'cloudfest.example' },
  { list: 'white', pattern: 'demo.cloudfest.example' },
  { list: 'white', pattern: 'partner-hosting.example' },
  { list: 'white', pattern: 'host.guest@agency.example' },
  { list: 'white', pattern: 'invited.speaker@keynote.example' },
  { list: 'black', pattern: 'spam-mail.example' },
  { list: 'black', pattern: 'disposable-inbox.example' },
  { list: 'black', pattern: 'banned@attacker.example' },
];

/** Free-mail providers: their users do not get the free Standard Pass. */
export const GRAY_LISTED_PROVIDERS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.de',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'icloud.com',
  'aol.com',
  'mail.ru',
  'proton.me',
  'protonmail.com',
  'yandex.ru',
  'freenet.de',
];
