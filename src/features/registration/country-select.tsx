import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Country } from '../../shared/contracts/catalog.ts';
import { fetchCountries } from './registration-api.ts';
import { useRequest } from '../../lib/use-request.ts';

interface CountrySelectProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Called once the list is there (e.g. to read the country of a restored address). */
  onLoaded?: (countries: Country[]) => void;
}

/** The billing country, from GET /api/country; the value is the country id. */
export function CountrySelect({ label, registration, error, onLoaded }: CountrySelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const loadId = `${id}-load`;
  const load = useRequest(async () => {
    const countries = await fetchCountries();
    onLoaded?.(countries);
    return countries;
  }, []);

  const describedBy = [error ? errorId : null, load.status === 'error' ? loadId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' is-danger' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`input${error ? ' is-danger' : ''}`}
        autoComplete="country-name"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={load.status === 'loading' || undefined}
        {...registration}
      >
        <option value="">{load.status === 'loading' ? 'Loading countries…' : 'Choose your country'}</option>
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
