/**
 * Money as people read it, in the app and in the server's mails and PDFs alike: one
 * module, so the two sides never disagree on where the euro sign goes. Amounts are integer cents
 * everywhere else; these are the only places they become display strings.
 *
 * English keeps the app's established form ('€1,234.56', as formatEuro always printed it); German
 * writes the sign after the number as German products do ('1.234,56 €'). The space before '€' is a
 * plain space on purpose (what tests, mails and PDF fonts expect); the app keeps a price on one line
 * with CSS (white-space: nowrap) where that matters.
 */

export type MoneyLanguage = 'en' | 'de';

/** Intl formatters are costly to build and safe to share: one per language, made on first use. */
const amountFormats = new Map<MoneyLanguage, Intl.NumberFormat>();
let englishCurrency: Intl.NumberFormat | undefined;

/** en-GB and de-DE: the grouping and decimal marks of each language (1,234.56 / 1.234,56). */
const AMOUNT_LOCALES: Record<MoneyLanguage, string> = { en: 'en-GB', de: 'de-DE' };

/**
 * Rounds to whole cents first (Intl rounds half-even on some engines, so 0.5 cents must never
 * reach it) and turns anything that is not a number into 0, so no screen ever shows 'NaN €'.
 */
const wholeCents = (cents: number) => (Number.isFinite(cents) ? Math.round(cents) : 0);

/**
 * Cents as a number of euros with two decimals and thousands separators, without the symbol:
 * en 123456 → '1,234.56', de → '1.234,56'. For tables with a currency column and for texts that
 * place the sign themselves (the mails' '1,234.56 €').
 */
export function formatAmount(cents: number, language: MoneyLanguage): string {
  let format = amountFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(AMOUNT_LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(language, format);
  }
  return format.format(wholeCents(cents) / 100);
}

/**
 * Cents as a price with the euro sign: en 29900 → '€299.00', -1250 → '-€12.50';
 * de 29900 → '299,00 €', -1250 → '-12,50 €', 123456 → '1.234,56 €'.
 */
export function formatMoney(cents: number, language: MoneyLanguage): string {
  if (language === 'de') return `${formatAmount(cents, 'de')} €`;
  // en-IE: the euro sign before the number and '.' for decimals, as the app has always shown it.
  englishCurrency ??= new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return englishCurrency.format(wholeCents(cents) / 100);
}
