import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { freePassAvailability } from '../../shared/availability.ts';
import { useTakenPasses } from './free-pass-availability.tsx';
import { FREE_PASS_CODE } from './pass-selection.ts';
import './registration-panel.css';

/**
 * docs/behaviour.md §1/§9: the side panel's offer: a free Standard Pass with the discount code CF26, and the
 * prize draw for 2 free hotel nights. 'Use code' hands the code to the pass step (?voucher=).
 */
export function FreePassOffer() {
  const t = useT('registration');
  const titleId = useId();
  const gone = freePassAvailability(useTakenPasses())?.level === 'gone';
  return (
    <section className="offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="offer__title">
        {t('offerTitle')}
      </h2>
      <p className="offer__text">
        <Text
          ns="registration"
          k="offerText"
          values={{ code: FREE_PASS_CODE }}
          components={{ code: <strong className="offer__code" /> }}
        />
      </p>
      {gone ? null : (
        <Link to={`/registration?voucher=${FREE_PASS_CODE}`} className="btn btn-sm offer__apply" replace>
          {t('useCode', { code: FREE_PASS_CODE })}
        </Link>
      )}
      <p className="offer__draw">
        <span className="offer__draw-icon" aria-hidden="true">
          ★
        </span>
        <span>
          <Text ns="registration" k="offerPrizeDraw" components={{ strong: <strong /> }} />
        </span>
      </p>
    </section>
  );
}
