import { activeLanguage, type Language, translate } from '../i18n/i18n.ts';
import { formatMoney } from '../shared/money.ts';

/**
 * Integer cents → a price in the active language (docs/behaviour.md §9): en 29900 → '€299.00',
 * -1250 → '-€12.50'; de '299,00 €'. The one shared formatter (src/shared/money.ts) also writes the
 * server's mails and PDFs. Components re-render on a language switch through their translations.
 */
export function formatEuro(cents: number, language: Language = activeLanguage()): string {
  return formatMoney(cents, language);
}

/** Pass and room prices: 'Free' for 0, otherwise formatEuro. */
export function formatPrice(cents: number, language: Language = activeLanguage()): string {
  return cents === 0 ? translate('common', 'free') : formatEuro(cents, language);
}
