import { useId } from 'react';
import { HotelOrderToggle } from '../../components/hotel/hotel-order-toggle.tsx';
import { DateSelect } from '../../components/ui/date-select.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { type AccommodationSearch, CHECK_IN_DATES, CHECK_OUT_DATES, formatStay, MAX_OCCUPANCY } from '../../lib/hotel-search.ts';
import { nightCount } from '../../shared/stay.ts';

interface SearchFormProps {
  search: AccommodationSearch;
  onChange: (search: AccommodationSearch) => void;
  /** Why the stay cannot be searched (stayError), or null. */
  error: string | null;
  /** The hotel list also sorts and filters; one hotel's page only needs the stay and guests. */
  variant?: 'list' | 'hotel';
}

/**
 * The stay (inside the event's bookable nights), the guests per room, and for the list the order
 * (docs/behaviour.md §3: priceLowHigh or the reverse) and whether sold-out hotels are listed too
 * (roomIsBookable null). Every change searches at once.
 */
export function SearchForm({ search, onChange, error, variant = 'list' }: SearchFormProps) {
  const t = useT('accommodation');
  // The summary beside the dates reads in the page's language, as the dates do.
  const language = useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  const set = (patch: Partial<AccommodationSearch>) => onChange({ ...search, ...patch });
  const nights = error ? 0 : nightCount(search.start, search.end);

  return (
    <section className="card stay-search" aria-label={t('yourStay')}>
      <div className="stay-search__fields">
        <div className={`field${error ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-start`}>
            {t('checkIn')}
          </label>
          <DateSelect
            id={`${id}-start`}
            value={search.start}
            dates={CHECK_IN_DATES}
            onChange={(start) => set({ start })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            required
          />
        </div>
        <div className={`field${error ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-end`}>
            {t('checkOut')}
          </label>
          <DateSelect
            id={`${id}-end`}
            value={search.end}
            dates={CHECK_OUT_DATES}
            onChange={(end) => set({ end })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            required
          />
        </div>
        <div className="field stay-search__guests">
          <label className="field-label" htmlFor={`${id}-guests`}>
            {t('guestsPerRoom')}
          </label>
          <select
            id={`${id}-guests`}
            value={search.occupancy}
            onChange={(event) => set({ occupancy: Number(event.target.value) })}
          >
            {Array.from({ length: MAX_OCCUPANCY }, (_, i) => i + 1).map((count) => (
              <option key={count} value={count}>
                {t('guestCount', { count })}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p id={errorId} className="field-error stay-search__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="stay-search__footer">
        <p className="stay-search__summary" aria-live="polite">
          {error ? '\u00a0' : t('staySummary', { stay: formatStay(search, language), nights, guests: search.occupancy })}
        </p>
        {variant === 'list' ? (
          <div className="stay-search__options">
            <label className="check stay-search__bookable">
              <input
                type="checkbox"
                checked={search.onlyBookable}
                onChange={(event) => set({ onlyBookable: event.target.checked })}
              />
              <span>{t('onlyHotelsWithFreeRooms')}</span>
            </label>
            <HotelOrderToggle order={search.order} onChange={(order) => set({ order })} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
