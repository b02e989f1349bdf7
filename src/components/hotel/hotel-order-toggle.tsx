import type { AccommodationOrder } from '../../lib/hotel-search.ts';
import './hotel.css';

const ORDERS: { value: AccommodationOrder; label: string }[] = [
  { value: 'priceLowHigh', label: 'Price: low to high' },
  { value: 'priceHighLow', label: 'Price: high to low' },
];

/** The hotel list's sort order (SPEC §3 priceLowHigh and its reverse) as a two-button toggle. */
export function HotelOrderToggle({
  order,
  onChange,
}: {
  order: AccommodationOrder;
  onChange: (order: AccommodationOrder) => void;
}) {
  return (
    <fieldset className="hotel-order">
      <legend className="visually-hidden">Sort hotels</legend>
      {ORDERS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`hotel-order__option${order === option.value ? ' is-active' : ''}`}
          aria-pressed={order === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
