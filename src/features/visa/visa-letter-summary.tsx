import { type RefObject, useEffect, useState } from 'react';
import { fetchCountries } from '../../components/ui/country-select.tsx';
import { dateFormat } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import type { VisaLetter } from '../../shared/contracts/account.ts';
import { visaLetterPdfUrl } from './visa-api.ts';

// One formatter per language, made when first needed.

/** '1990-04-02' (or a timestamp) → '2 April 1990' (German '2. April 1990'); dates are UTC. */
function formatDay(value: string, language: Language): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The country's name for an id; the id itself while the list loads or when it fails. */
function useCountryName(id: number): string {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetchCountries().then(
      (countries) => {
        if (!cancelled) setName(countries.find((country) => country.id === id)?.name ?? null);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [id]);
  return name ?? '';
}

interface VisaLetterSummaryProps {
  letter: VisaLetter;
  /** True right after the letter was created or renewed: says so and takes the focus. */
  justSaved: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onEdit: () => void;
}

/** The user's letter: its reference, the details it carries, the PDF and a way to change them. */
export function VisaLetterSummary({ letter, justSaved, headingRef, onEdit }: VisaLetterSummaryProps) {
  const t = useT('visa');
  const language = useLanguage();
  const nationality = useCountryName(letter.nationalityId);
  return (
    <section className="card visa-letter" aria-labelledby="visa-letter-title">
      <h2 id="visa-letter-title" className="visa-section__title" ref={headingRef} tabIndex={-1}>
        {t('yourLetter')}
      </h2>
      {justSaved ? (
        <p className="alert alert-success" role="status">
          {t('letterReady')}
        </p>
      ) : null}
      <dl className="visa-letter__details">
        <div>
          <dt>{t('reference')}</dt>
          <dd className="visa-letter__reference" data-testid="visa-reference">
            {letter.reference}
          </dd>
        </div>
        <div>
          <dt>{t('nameAsInPassport')}</dt>
          <dd>{letter.fullName}</dd>
        </div>
        <div>
          <dt>{t('passportNumber')}</dt>
          <dd>{letter.passportNumber}</dd>
        </div>
        <div>
          <dt>{t('nationality')}</dt>
          <dd>{nationality || '—'}</dd>
        </div>
        <div>
          <dt>{t('dateOfBirth')}</dt>
          <dd>{formatDay(letter.dateOfBirth, language)}</dd>
        </div>
        <div>
          <dt>{t('passportExpiry')}</dt>
          <dd>{formatDay(letter.passportExpiry, language)}</dd>
        </div>
        <div>
          <dt>{t('embassyOrConsulate')}</dt>
          <dd>{letter.embassyCity}</dd>
        </div>
        <div>
          <dt>{t('issued')}</dt>
          <dd>{formatDay(letter.updatedAt, language)}</dd>
        </div>
      </dl>
      <div className="visa-form__actions">
        <a
          className="btn btn-primary"
          href={visaLetterPdfUrl(letter)}
          download={t('pdfFileName', { reference: letter.reference })}
        >
          {t('downloadPdf')}
        </a>
        <button type="button" className="btn btn-secondary" onClick={onEdit}>
          {t('editDetails')}
        </button>
      </div>
    </section>
  );
}
