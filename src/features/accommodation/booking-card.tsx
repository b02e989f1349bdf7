import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { fetchRoom } from '../../lib/hotel-api.ts';
import { formatStay } from '../../lib/hotel-search.ts';
import { formatEuro } from '../../lib/money.ts';
import { payOrder } from '../../lib/payment.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { BookingCancellation } from '../../shared/contracts/account.ts';
import type { Booking } from '../../shared/contracts/catalog.ts';
import { nightCount } from '../../shared/stay.ts';
import { cancelBooking, createBooking, refreshBookings, removeGuest } from './booking-api.ts';
import { cancellationInfo, guestPlacesLeft, STATUS_LABEL_KEYS } from './booking-view.ts';
import { describeError } from './describe-error.ts';
import { GuestForm } from './guest-form.tsx';
import { BOOKING_PAYMENT_REDIRECTS } from './payment-return.tsx';

interface BookingCardProps {
  booking: Booking;
  /** h2 on the bookings page, h3 under the hotel's own heading on its detail page. */
  headingLevel?: 2 | 3;
  /** Link the hotel name to its detail page (not on that page itself). */
  linkHotel?: boolean;
}

/**
 * One of the user's hotel bookings: hotel, room, stay, price and status; the guests sharing the
 * room (add and remove); paying a held booking; cancelling within the rules, with the refund and
 * credit note it brought. Shared by /accommodation and /accommodation/{id}.
 */
export function BookingCard({ booking, headingLevel = 2, linkHotel = true }: BookingCardProps) {
  const t = useT('accommodation');
  const language = useLanguage();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sectionLevel = headingLevel === 2 ? 'h3' : 'h4';
  const nights = nightCount(booking.start, booking.end);
  const hotelName = booking.accommodationName ?? t('yourHotel');
  const [cancellation, setCancellation] = useState<BookingCancellation | null>(null);

  return (
    <article className={`booking card is-${booking.status}`} aria-labelledby={titleId} data-booking={booking.id}>
      <div className="booking__head">
        <Heading id={titleId} className="booking__hotel">
          {linkHotel ? <Link to={`/accommodation/${booking.accommodationId}`}>{hotelName}</Link> : hotelName}
        </Heading>
        <span className={`badge booking__status is-${booking.status}`}>{t(STATUS_LABEL_KEYS[booking.status])}</span>
      </div>
      <dl className="booking__facts">
        <div>
          <dt>{t('room')}</dt>
          <dd>{booking.roomName ?? t('room')}</dd>
        </div>
        <div>
          <dt>{t('stay')}</dt>
          <dd>
            <Text
              ns="accommodation"
              k="stayWithNights"
              values={{ stay: formatStay(booking, language), nights }}
              components={{ time: <time dateTime={booking.start} /> }}
            />
          </dd>
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd>
            <Text
              ns="accommodation"
              k="priceExclVat"
              values={{ price: formatEuro(booking.price, language) }}
              components={{ vat: <span className="booking__vat" /> }}
            />
          </dd>
        </div>
      </dl>

      {booking.status === 'held' ? <HeldPayment booking={booking} /> : null}
      {booking.status === 'confirmed' || booking.guests.length > 0 ? <Guests booking={booking} heading={sectionLevel} /> : null}
      {cancellation ? <CancellationResult result={cancellation} /> : null}
      {booking.status === 'confirmed' ? (
        <CancelSection booking={booking} hotelName={hotelName} onCancelled={setCancellation} />
      ) : null}
    </article>
  );
}

/**
 * A held booking waits for its payment. Asking for the same stay again (POST /api/booking) renews
 * the hold and answers the same open order, which is then paid; a released hold is booked anew
 * (or answers 409 when the room has gone meanwhile).
 */
function HeldPayment({ booking }: { booking: Booking }) {
  const t = useT('accommodation');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { accommodationId, roomId, start, end } = booking;
      const { order } = await createBooking({ accommodationId, roomId, start, end });
      if (order.status === 'open') await payOrder(order, BOOKING_PAYMENT_REDIRECTS);
      else await refreshBookings();
    } catch (cause) {
      setError(describeError(cause));
      setBusy(false);
      void refreshBookings();
    }
  }

  return (
    <div className="booking__held">
      <p>{t('heldNotice')}</p>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => void pay()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? t('openingPayment') : t('completePayment')}
      </button>
    </div>
  );
}

function Guests({ booking, heading: SectionHeading }: { booking: Booking; heading: 'h3' | 'h4' }) {
  const t = useT('accommodation');
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = booking.status === 'confirmed';
  // The room's occupancy decides how many guests fit (GET …/room/{roomId}); unknown if it fails.
  const room = useRequest(
    (signal) => (editable ? fetchRoom(booking.accommodationId, booking.roomId, booking, signal) : Promise.resolve(null)),
    [booking.accommodationId, booking.roomId, booking.start, booking.end, editable],
  );
  const occupancy = room.status === 'ready' && room.data ? room.data.occupancy : null;
  const placesLeft = guestPlacesLeft(booking, occupancy);

  async function remove(index: number) {
    const guest = booking.guests[index];
    setRemoving(index);
    setError(null);
    try {
      await removeGuest(booking, index);
      if (guest) void toastSuccess(t('guestRemoved', { name: `${guest.firstName} ${guest.lastName}` }));
    } catch (cause) {
      setError(describeError(cause));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="booking__guests" aria-labelledby={titleId}>
      <SectionHeading id={titleId} className="booking__section-title">
        {t('guests')}
      </SectionHeading>
      {booking.guests.length === 0 ? (
        <p className="text-sm text-muted">{t('onlyYouInRoom')}</p>
      ) : (
        <ul className="booking__guest-list">
          {booking.guests.map((guest, index) => {
            const name = `${guest.firstName} ${guest.lastName}`;
            return (
              // Guests have no id of their own: the server addresses them by position.
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the guest's identity
              <li key={`${index}-${name}`} className="booking__guest">
                <span>{name}</span>
                {editable ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => void remove(index)}
                    disabled={removing !== null}
                    aria-busy={removing === index || undefined}
                    aria-label={t('removeGuestLabel', { name })}
                  >
                    {removing === index ? t('removing') : t('remove')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {editable && occupancy !== null ? (
        <p className="text-sm text-muted">
          {placesLeft === 0
            ? t('roomSleepsFull', { count: occupancy })
            : t('roomSleepsPlacesLeft', { count: occupancy, left: placesLeft })}
        </p>
      ) : null}
      {editable && placesLeft !== 0 ? (
        adding ? (
          <GuestForm
            booking={booking}
            onAdded={(name) => {
              setAdding(false);
              void toastSuccess(t('guestAdded', { name }));
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAdding(true)}>
            {t('addGuest')}
          </button>
        )
      ) : null}
    </section>
  );
}

interface CancelSectionProps {
  booking: Booking;
  hotelName: string;
  onCancelled: (result: BookingCancellation) => void;
}

/** The Cancel button only within the rules (shared with the server), with the rule spelled out, and a confirmation first. */
function CancelSection({ booking, hotelName, onCancelled }: CancelSectionProps) {
  const t = useT('accommodation');
  const language = useLanguage();
  const info = cancellationInfo(booking, t);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const result = await cancelBooking(booking.id);
      setConfirming(false);
      onCancelled(result);
    } catch (cause) {
      // 409: the server's own reason (e.g. the deadline passed while the page was open).
      setError(describeError(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="booking__cancel">
      {info.hint ? <p className="booking__rule">{info.hint}</p> : null}
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {info.allowed ? (
        confirming ? (
          <ConfirmCancel
            text={t('cancelConfirm', { hotel: hotelName, stay: formatStay(booking, language) })}
            busy={busy}
            onConfirm={() => void cancel()}
            onKeep={() => setConfirming(false)}
          />
        ) : (
          <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirming(true)}>
            {t('cancelBooking')}
          </button>
        )
      ) : null}
    </div>
  );
}

interface ConfirmCancelProps {
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

function ConfirmCancel({ text, busy, onConfirm, onKeep }: ConfirmCancelProps) {
  const t = useT('accommodation');
  const textId = useId();
  const ref = useRef<HTMLButtonElement>(null);
  // Focus the decision, so keyboard and screen-reader users land on it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <fieldset className="booking__confirm" aria-describedby={textId}>
      <legend className="visually-hidden">{t('confirmCancellation')}</legend>
      <p id={textId}>{text}</p>
      <div className="booking__confirm-actions">
        <button
          ref={ref}
          type="button"
          className="btn btn-danger btn-sm"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('cancelling') : t('yesCancelBooking')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onKeep} disabled={busy}>
          {t('keepBooking')}
        </button>
      </div>
    </fieldset>
  );
}

function CancellationResult({ result }: { result: BookingCancellation }) {
  const language = useLanguage();
  const strong = <strong />;
  return (
    <div className="alert alert-success booking__result" role="status">
      <p>
        {result.refunded > 0 ? (
          <Text
            ns="accommodation"
            k="cancelledRefund"
            values={{ amount: formatEuro(result.refunded, language) }}
            components={{ strong }}
          />
        ) : (
          <Text ns="accommodation" k="cancelledNothingToRefund" components={{ strong }} />
        )}
        {result.creditNoteNumber ? (
          <>
            {' '}
            <Text
              ns="accommodation"
              k="creditNoteInInvoices"
              values={{ number: result.creditNoteNumber }}
              components={{ strong, link: <Link to="/invoices" /> }}
            />
          </>
        ) : null}
      </p>
    </div>
  );
}
