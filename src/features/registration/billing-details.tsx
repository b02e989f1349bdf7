import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { countryName } from '../../components/ui/country-select.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import type { Country } from '../../shared/contracts/catalog.ts';
import { fetchCountries } from './registration-api.ts';
import { registrationAtom } from './registration-state.ts';
import './registration-flow.css';

/** The country's name for an id, in the active language; the list is loaded once per page life. */
function useCountryName(countryId: number | null | undefined): string | undefined {
  const language = useLanguage();
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
  const country = countries.find((candidate) => candidate.id === countryId);
  return country ? countryName(country, language) : undefined;
}

/** Name, e-mail and billing address of the registration, as entered on the Your Account step. */
export function BillingDetails({ title, children }: { title?: string; children?: ReactNode }) {
  const t = useT('registration');
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
        {title ?? t('billingDetails')}
      </h2>
      <dl className="reg-summary__list">
        <div>
          <dt>{t('name')}</dt>
          <dd>
            {registration.firstName} {registration.lastName}
          </dd>
        </div>
        <div>
          <dt>{t('emailAddress')}</dt>
          <dd>{registration.email}</dd>
        </div>
        {address ? (
          <div>
            <dt>{t('billingAddress')}</dt>
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
            <dt>{t('vatId')}</dt>
            <dd>{address.vatId}</dd>
          </div>
        ) : null}
        {address?.buyerReference ? (
          <div>
            <dt>{t('buyerReference')}</dt>
            <dd>{address.buyerReference}</dd>
          </div>
        ) : null}
        {address?.purchaseOrder ? (
          <div>
            <dt>{t('purchaseOrder')}</dt>
            <dd>{address.purchaseOrder}</dd>
          </div>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
