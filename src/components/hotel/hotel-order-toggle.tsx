import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import type { AccommodationOrder } from '../../lib/hotel-search.ts';
import './hotel.css';

const ORDERS: { value: AccommodationOrder; label: MessageKey<'checkout'> }[] = [
  { value: 'priceLowHigh', label: 'priceLowToHigh' },
  { value: 'priceHighLow', label: 'priceHighToLow' },
];

/** The hotel list's sort order (docs/behaviour.md §3 priceLowHigh and its reverse) as a two-button toggle. */
export function HotelOrderToggle({
  order,
  onChange,
}: {
  order: AccommodationOrder;
  onChange: (order: AccommodationOrder) => void;
}) {
  const t = useT('checkout');
  return (
    <fieldset className="hotel-order">
      <legend className="visually-hidden">{t('sortHotels')}</legend>
      {ORDERS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`hotel-order__option${order === option.value ? ' is-active' : ''}`}
          aria-pressed={order === option.value}
          onClick={() => onChange(option.value)}
        >
          {t(option.label)}
        </button>
      ))}
    </fieldset>
  );
}
