import { useEffect, useId, useMemo, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod/mini';
import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { useRequest } from '../../lib/use-request.ts';
import { type Country, countrySchema } from '../../shared/contracts/catalog.ts';

const countriesSchema = z.array(countrySchema);
let countriesPromise: Promise<Country[]> | null = null;

/** GET /api/country, sorted by name, once per page life (the list does not change meanwhile). */
export function fetchCountries(): Promise<Country[]> {
  countriesPromise ??= api('/api/country', countriesSchema).then(
    (list) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'en')),
    (error: unknown) => {
      // A failed load must not stick: the next attempt asks again.
      countriesPromise = null;
      throw error;
    },
  );
  return countriesPromise;
}

const regionNames = new Map<Language, Intl.DisplayNames>();

/**
 * A country's name in `language`: the server's (English) name in English, so English stays as it
 * always was; otherwise the browser's name for its ISO code, or the server's when it has none.
 */
export function countryName(country: Pick<Country, 'code' | 'name'>, language: Language): string {
  if (language === 'en') return country.name;
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALES[language]], { type: 'region', fallback: 'none' });
    regionNames.set(language, names);
  }
  try {
    return names.of(country.code) ?? country.name;
  } catch {
    // Not a well-formed region code.
    return country.name;
  }
}

interface CountrySelectProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Called once the list is there (e.g. to read the country of a restored address). */
  onLoaded?: (countries: Country[]) => void;
  /** The empty option's text. */
  placeholder?: string;
  autoComplete?: string;
}

/** A country from GET /api/country (billing country, nationality); the value is the country id. */
export function CountrySelect({
  label,
  registration,
  error,
  onLoaded,
  placeholder,
  autoComplete = 'country-name',
}: CountrySelectProps) {
  const t = useT('checkout');
  const language = useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  const loadId = `${id}-load`;
  const load = useRequest(() => fetchCountries(), []);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  // After the options are in the page: only then can a form set a stored value on the select.
  useEffect(() => {
    if (load.status === 'ready') onLoadedRef.current?.(load.data);
  }, [load.status, load.data]);
  // Named and sorted in the active language (the list itself comes sorted by its English names).
  const options = useMemo(() => {
    if (load.status !== 'ready') return [];
    const named = load.data.map((country) => ({ id: country.id, name: countryName(country, language) }));
    return language === 'en' ? named : named.sort((a, b) => a.name.localeCompare(b.name, INTL_LOCALES[language]));
  }, [load.status, load.data, language]);

  const describedBy = [error ? errorId : null, load.status === 'error' ? loadId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' is-danger' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`input${error ? ' is-danger' : ''}`}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={load.status === 'loading' || undefined}
        {...registration}
      >
        <option value="">{load.status === 'loading' ? t('loadingCountries') : (placeholder ?? t('chooseCountry'))}</option>
        {options.map((country) => (
          <option key={country.id} value={String(country.id)}>
            {country.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {load.status === 'error' ? (
        <p id={loadId} className="field-error">
          {t('countriesFailed')}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={load.retry}>
            {t('tryAgain')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
