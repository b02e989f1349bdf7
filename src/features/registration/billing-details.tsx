import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import type { Country } from '../../shared/contracts/catalog.ts';
import { fetchCountries } from './registration-api.ts';
import { registrationAtom } from './registration-state.ts';
import './registration-flow.css';

/** The country's name for an id; the list is loaded once per page life. */
function useCountryName(countryId: number | null | undefined): string | undefined {
  const [countries, setCountries] = useState<Country[]>([]);
  useEffect(() => {
    let cancelled = false;
    fetchCountries().then(
      (list) => {
        if (!cancelled) setCountries(list);
      },
      () => undefined, // the address then shows without the country name
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return countries.find((country) => country.id === countryId)?.name;
}

/** Name, e-mail and billing address of the registration, as entered on the Your Account step. */
export function BillingDetails({ title = 'Billing details', children }: { title?: string; children?: ReactNode }) {
  const registration = useAtomValue(registrationAtom);
  const address = registration.address;
  const country = useCountryName(address?.countryId);
  const lines = address
    ? [
        address.company,
        address.addressLine1,
        address.addressLine2,
        `${address.zip} ${address.city}`.trim(),
        address.state,
        country,
      ]
    : [];
  return (
    <section className="card reg-summary" aria-labelledby="billing-details-title">
      <h2 id="billing-details-title" className="card-title">
        {title}
      </h2>
      <dl className="reg-summary__list">
        <div>
          <dt>Name</dt>
          <dd>
            {registration.firstName} {registration.lastName}
          </dd>
        </div>
        <div>
          <dt>E-mail address</dt>
          <dd>{registration.email}</dd>
        </div>
        {address ? (
          <div>
            <dt>Billing address</dt>
            <dd>
              <address className="reg-summary__address">
                {lines
                  .filter((line): line is string => typeof line === 'string' && line.trim() !== '')
                  .map((line, index) => (
                    // Lines can repeat (company = city): the index keeps keys unique.
                    // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered.
                    <span key={index}>{line}</span>
                  ))}
              </address>
            </dd>
          </div>
        ) : null}
        {address?.vatId ? (
          <div>
            <dt>VAT ID</dt>
            <dd>{address.vatId}</dd>
          </div>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
