import { type RefObject, useEffect, useState } from 'react';
import { fetchCountries } from '../../components/ui/country-select.tsx';
import type { VisaLetter } from '../../shared/contracts/account.ts';
import { visaLetterPdfUrl } from './visa-api.ts';

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const formatDay = (value: string) => {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
};

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
  const nationality = useCountryName(letter.nationalityId);
  return (
    <section className="card visa-letter" aria-labelledby="visa-letter-title">
      <h2 id="visa-letter-title" className="visa-section__title" ref={headingRef} tabIndex={-1}>
        Your invitation letter
      </h2>
      {justSaved ? (
        <p className="alert alert-success" role="status">
          Your letter is ready. Download it and add it to your visa application.
        </p>
      ) : null}
      <dl className="visa-letter__details">
        <div>
          <dt>Reference</dt>
          <dd className="visa-letter__reference" data-testid="visa-reference">
            {letter.reference}
          </dd>
        </div>
        <div>
          <dt>Name as in passport</dt>
          <dd>{letter.fullName}</dd>
        </div>
        <div>
          <dt>Passport number</dt>
          <dd>{letter.passportNumber}</dd>
        </div>
        <div>
          <dt>Nationality</dt>
          <dd>{nationality || '—'}</dd>
        </div>
        <div>
          <dt>Date of birth</dt>
          <dd>{formatDay(letter.dateOfBirth)}</dd>
        </div>
        <div>
          <dt>Passport expiry</dt>
          <dd>{formatDay(letter.passportExpiry)}</dd>
        </div>
        <div>
          <dt>Embassy or consulate</dt>
          <dd>{letter.embassyCity}</dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd>{formatDay(letter.updatedAt)}</dd>
        </div>
      </dl>
      <div className="visa-form__actions">
        <a
          className="btn btn-primary"
          href={visaLetterPdfUrl(letter)}
          download={`visa-invitation-letter-${letter.reference}.pdf`}
        >
          Download PDF
        </a>
        <button type="button" className="btn btn-secondary" onClick={onEdit}>
          Edit details
        </button>
      </div>
    </section>
  );
}
