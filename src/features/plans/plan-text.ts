import { translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';

/** Text helpers shared by the plans: matching ignores case, accents and extra spaces. */

/** A key of the plans catalogue: the plans' fixed places carry these instead of their texts. */
export type PlansKey = MessageKey<'plans'>;

/** A translator of the plans catalogue: `useT('plans')` in components. */
export type PlansText = (key: PlansKey, values?: Values) => string;

/** The plans catalogue in the active language, for code outside components (pages pass their own `t`). */
export const plansText: PlansText = (key, values) => translate('plans', key, values);

export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Only http(s) links reach an href; anything else (javascript:, data:) is shown as plain text. */
export function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** 'https://www.example.com/' → 'www.example.com', for link text. */
export function websiteLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}
