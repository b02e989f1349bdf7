import type { SelectHTMLAttributes } from 'react';
import { dateFormat } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';

/** '2026-03-23' → 'Mon, 23 Mar 2026' (German 'Mo., 23. März 2026'). */
export function dateOptionText(isoDate: string, language: Language): string {
  return dateFormat(language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

export interface DateSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'children'> {
  id: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  /** The dates to choose from, YYYY-MM-DD. */
  dates: readonly string[];
  onChange: (isoDate: string) => void;
}

/**
 * A date from a short list, written in the app's language (a native date input shows the
 * browser's format instead). The value is the ISO date.
 */
export function DateSelect({ value, dates, onChange, ...selectProps }: DateSelectProps) {
  const t = useT('common');
  const language = useLanguage();
  const listed = dates.includes(value);
  return (
    <select value={listed ? value : ''} onChange={(event) => onChange(event.target.value)} {...selectProps}>
      {/* A value not in the list (none yet, or from an old link) shows as no date, never as another one. */}
      {listed ? null : (
        <option value="" disabled>
          {t('chooseDate')}
        </option>
      )}
      {dates.map((date) => (
        <option key={date} value={date}>
          {dateOptionText(date, language)}
        </option>
      ))}
    </select>
  );
}
