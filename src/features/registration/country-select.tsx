import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Country } from '../../shared/contracts/catalog.ts';
import { fetchCountries } from './registration-api.ts';

interface CountrySelectProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Called once the list is there (e.g. to read the country of a restored address). */
  onLoaded?: (countries: Country[]) => void;
}

type LoadState = { status: 'loading' } | { status: 'ready'; countries: Country[] } | { status: 'failed' };

/** The billing country, from GET /api/country; the value is the country id. */
export function CountrySelect({ label, registration, error, onLoaded }: CountrySelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const loadId = `${id}-load`;
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the "Try again" trigger.
  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    fetchCountries().then(
      (countries) => {
        if (cancelled) return;
        setLoad({ status: 'ready', countries });
        onLoaded?.(countries);
      },
      () => {
        if (!cancelled) setLoad({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const describedBy = [error ? errorId : null, load.status === 'failed' ? loadId : null].filter(Boolean).join(' ') || undefined;
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
          ? load.countries.map((country) => (
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
      {load.status === 'failed' ? (
        <p id={loadId} className="field-error">
          The list of countries could not be loaded.{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
