import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { hasShuttle } from '../../lib/hotel-search.ts';
import type { Accommodation } from '../../shared/contracts/registration.ts';
import './hotel.css';

/** A letter for the hotel's tile: its name's first word other than 'Hotel' ('Hotel Colosseo' → 'C'). */
function initialOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const word = words.find((w) => w.toLowerCase() !== 'hotel') ?? words[0] ?? '';
  return word.charAt(0).toUpperCase();
}

/** The hotel's picture (same-origin images only), or a tile with its initial. Decorative. */
export function HotelVisual({ accommodation, className = '' }: { accommodation: Accommodation; className?: string }) {
  const image = accommodation.image?.startsWith('/') ? accommodation.image : null;
  return (
    <div className={`hotel__visual ${className}`.trim()} aria-hidden="true">
      {image ? <img src={image} alt="" loading="lazy" /> : <span>{initialOf(accommodation.name)}</span>}
    </div>
  );
}

/** Stars and the shuttle badge (docs/behaviour.md §3/§9: badge ids 28, 30, 31), plus any badges the caller adds. */
export function HotelBadges({ accommodation, children }: { accommodation: Accommodation; children?: ReactNode }) {
  const t = useT('checkout');
  return (
    <div className="hotel__badges">
      {accommodation.stars > 0 ? (
        <span className="hotel__stars" role="img" aria-label={t('stars', { count: accommodation.stars })}>
          {'★'.repeat(Math.min(5, accommodation.stars))}
        </span>
      ) : null}
      {hasShuttle(accommodation) ? <span className="badge hotel__shuttle">{t('shuttle')}</span> : null}
      {children}
    </div>
  );
}
