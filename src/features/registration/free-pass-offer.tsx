import { useId } from 'react';
import { Link } from 'react-router-dom';
import { freePassAvailability } from '../../shared/availability.ts';
import { useTakenPasses } from './free-pass-availability.tsx';
import { FREE_PASS_CODE, PRIZE_DRAW } from './pass-selection.ts';
import './registration-panel.css';

/**
 * SPEC §1/§9: the side panel's offer: a free Standard Pass with the discount code CF26, and the
 * prize draw for 2 free hotel nights. 'Use code' hands the code to the pass step (?voucher=).
 */
export function FreePassOffer() {
  const titleId = useId();
  const gone = freePassAvailability(useTakenPasses())?.level === 'gone';
  return (
    <section className="offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="offer__title">
        Your free Standard Pass
      </h2>
      <p className="offer__text">
        Register with the discount code <strong className="offer__code">{FREE_PASS_CODE}</strong> and your Standard Pass is free:
        expo halls, keynotes and all track sessions.
      </p>
      {gone ? null : (
        <Link to={`/registration?voucher=${FREE_PASS_CODE}`} className="btn btn-sm offer__apply" replace>
          Use code {FREE_PASS_CODE}
        </Link>
      )}
      <p className="offer__draw">
        <span className="offer__draw-icon" aria-hidden="true">
          ★
        </span>
        <span>
          Every completed registration enters our prize draw for <strong>{PRIZE_DRAW}</strong> at a partner hotel.
        </span>
      </p>
    </section>
  );
}
