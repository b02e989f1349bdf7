import { useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod/mini';
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
  placeholder = 'Choose your country',
  autoComplete = 'country-name',
}: CountrySelectProps) {
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
        <option value="">{load.status === 'loading' ? 'Loading countries…' : placeholder}</option>
        {load.status === 'ready'
          ? load.data.map((country) => (
              <option key={country.id} value={String(country.id)}>
                {country.name}
              </option>
            ))
          : null}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {load.status === 'error' ? (
        <p id={loadId} className="field-error">
          The list of countries could not be loaded.{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={load.retry}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
