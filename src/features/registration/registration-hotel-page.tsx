import { useAtom } from 'jotai';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccommodationCard } from '../../components/hotel/accommodation-card.tsx';
import { HotelOrderToggle } from '../../components/hotel/hotel-order-toggle.tsx';
import { DateSelect } from '../../components/ui/date-select.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { formatEventDates } from '../../i18n/format-event-dates.ts';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { fetchAccommodations } from '../../lib/hotel-api.ts';
import {
  type AccommodationOrder,
  CHECK_IN_DATES,
  CHECK_OUT_DATES,
  DEFAULT_STAY,
  hotelChoice,
  type Stay,
  stayError,
} from '../../lib/hotel-search.ts';
import { formatEuro } from '../../lib/money.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { Accommodation, Room } from '../../shared/contracts/registration.ts';
import { nightCount } from '../../shared/stay.ts';
import { registrationAtom } from './registration-state.ts';
import './hotel-step.css';

/**
 * /registration/hotel (optional step): partner hotels for the stay (default 23–27 March 2026, one
 * guest), cheapest first or dearest first; a hotel opens to its rooms with price per night, nights,
 * total and live availability. 'Select room' or 'No hotel' store the choice and go on to the account.
 */
export function RegistrationHotelPage() {
  const t = useT('registration');
  const tCommon = useT('common');
  const language = useLanguage();
  const [registration, update] = useAtom(registrationAtom);
  const navigate = useNavigate();
  const [stay, setStay] = useState<Stay>(() =>
    registration.hotel ? { start: registration.hotel.start, end: registration.hotel.end } : DEFAULT_STAY,
  );
  const [order, setOrder] = useState<AccommodationOrder>('priceLowHigh');
  // The shared stay rules, worded in the active language (the route loads their catalogue).
  const problem = stayError(stay);
  const nights = problem ? 0 : nightCount(stay.start, stay.end);
  const search = useRequest(
    (signal) => (problem ? Promise.resolve<Accommodation[]>([]) : fetchAccommodations(stay, order, signal)),
    [stay.start, stay.end, order, problem],
  );

  function selectRoom(accommodation: Accommodation, room: Room) {
    update({ hotel: hotelChoice(accommodation, room, stay), noHotel: false });
    navigate('/registration/account');
  }

  function noHotel() {
    update({ hotel: null, noHotel: true });
    navigate('/registration/account');
  }

  const chosen = registration.hotel;
  return (
    <div className="hotel-step">
      <PageHeader title={t('hotelStepTitle')} documentTitle={t('hotelStepDocumentTitle')} lead={t('hotelStepLead')} />

      {chosen ? (
        <div className="alert alert-success hotel-step__chosen" role="status">
          <p>
            <Text
              ns="registration"
              k="hotelChosen"
              values={{
                hotel: <>{chosen.name}</>,
                room: <>{chosen.roomName}</>,
                stay: formatEventDates(chosen.start, chosen.end, language),
                nights: chosen.nights,
                total: formatEuro(chosen.pricePerNight * chosen.nights),
              }}
              components={{ strong: <strong /> }}
            />
          </p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => navigate('/registration/account')}>
            {t('continue')}
          </button>
        </div>
      ) : null}

      <section className="card hotel-step__search" aria-label={t('yourStay')}>
        <StayFields stay={stay} onChange={setStay} error={problem} />
        <div className="hotel-step__search-footer">
          <p className="hotel-step__summary">
            {problem ? '\u00a0' : t('staySummary', { stay: formatEventDates(stay.start, stay.end, language), nights })}
          </p>
          <HotelOrderToggle order={order} onChange={setOrder} />
        </div>
      </section>

      <div className="hotel-step__no-hotel">
        <div>
          <p className="hotel-step__no-hotel-title">{t('stayingElsewhere')}</p>
          <p className="hotel-step__no-hotel-text">{t('bookLater')}</p>
        </div>
        <button type="button" className={`btn ${registration.noHotel ? 'btn-primary' : ''}`} onClick={noHotel}>
          {tCommon('noHotel')}
        </button>
      </div>

      {search.status === 'loading' ? <HotelSkeleton /> : null}
      {search.status === 'error' ? (
        <div className="alert alert-danger hotel-step__error" role="alert">
          <p>{t('hotelsFailed', { reason: errorMessage(search.error) })}</p>
          <button type="button" className="btn btn-sm" onClick={search.retry}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {search.status === 'ready' && !problem ? (
        search.data.length === 0 ? (
          <p className="hotel-step__empty">{t('noHotelRooms')}</p>
        ) : (
          <ul className="hotel-step__list" aria-label={t('partnerHotels')}>
            {search.data.map((accommodation) => {
              const selectedRoomId = chosen?.accommodationId === accommodation.id ? chosen.roomId : null;
              return (
                <li key={accommodation.id}>
                  <AccommodationCard
                    accommodation={accommodation}
                    nights={nights}
                    selectedRoomId={selectedRoomId}
                    initiallyOpen={selectedRoomId !== null}
                    onSelect={(room) => selectRoom(accommodation, room)}
                  />
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}

function StayFields({ stay, onChange, error }: { stay: Stay; onChange: (stay: Stay) => void; error: string | null }) {
  const t = useT('registration');
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  return (
    <div className="hotel-step__dates">
      <div className={`field${error ? ' is-danger' : ''}`}>
        <label className="field-label" htmlFor={`${id}-start`}>
          {t('checkIn')}
        </label>
        <DateSelect
          id={`${id}-start`}
          value={stay.start}
          dates={CHECK_IN_DATES}
          onChange={(start) => onChange({ ...stay, start })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <div className={`field${error ? ' is-danger' : ''}`}>
        <label className="field-label" htmlFor={`${id}-end`}>
          {t('checkOut')}
        </label>
        <DateSelect
          id={`${id}-end`}
          value={stay.end}
          dates={CHECK_OUT_DATES}
          onChange={(end) => onChange({ ...stay, end })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      {error ? (
        <p id={errorId} className="field-error hotel-step__dates-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function HotelSkeleton() {
  const t = useT('registration');
  return (
    <div className="hotel-step__list" role="status" aria-label={t('loadingHotels')}>
      <div className="hotel is-skeleton" />
      <div className="hotel is-skeleton" />
      <div className="hotel is-skeleton" />
    </div>
  );
}
