/**
 * Country codes by English or German name, for invoices issued before migration 0020 that kept only their
 * printed address ('Germany', 'Deutschland'). Loaded with the e-invoice, not at server start.
 */
let lookup: Promise<(name: string) => string | undefined> | undefined;

export function countryCodeOf(): Promise<(name: string) => string | undefined> {
  lookup ??= Promise.all([
    import('i18n-iso-countries'),
    import('i18n-iso-countries/langs/en.json', { with: { type: 'json' } }),
    import('i18n-iso-countries/langs/de.json', { with: { type: 'json' } }),
  ]).then(([{ default: countries }, { default: en }, { default: de }]) => {
    countries.registerLocale(en);
    countries.registerLocale(de);
    return (name: string) => countries.getAlpha2Code(name.trim(), 'en') ?? countries.getAlpha2Code(name.trim(), 'de');
  });
  return lookup;
}
