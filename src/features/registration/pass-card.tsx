import { useId } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { formatPrice } from '../../lib/money.ts';
import type { PassType } from '../../shared/contracts/catalog.ts';

export type PassCardAction =
  | { kind: 'choose'; onChoose: () => void }
  | { kind: 'locked'; onUnlock: () => void }
  | { kind: 'unavailable'; label: string };

interface PassCardProps {
  type: PassType;
  action: PassCardAction;
  /** The pass currently in the registration. */
  selected: boolean;
  /** The code that unlocked or discounts this pass. */
  appliedCode: string | null;
}

/** One pass type: name, price ('Free' for 0), description and the way to choose it. */
export function PassCard({ type, action, selected, appliedCode }: PassCardProps) {
  const t = useT('registration');
  const titleId = useId();
  const classes = ['pass-card', selected ? 'is-selected' : null, type.isFree ? 'is-free' : null, `is-${action.kind}`];
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={titleId} data-pass-type={type.id}>
      <div className="pass-card__tags">
        {selected ? <span className="badge pass-card__tag is-selected">{t('yourChoice')}</span> : null}
        {appliedCode ? <span className="badge pass-card__tag is-code">{t('codeBadge', { code: appliedCode })}</span> : null}
        {action.kind === 'locked' ? <span className="badge pass-card__tag is-locked">{t('invitationCodeRequired')}</span> : null}
      </div>
      <h3 id={titleId} className="pass-card__name">
        {type.name}
      </h3>
      <p className="pass-card__price">
        <span className="pass-card__amount">{formatPrice(type.price)}</span>
        {type.price > 0 ? <span className="pass-card__vat">{t('plusVat')}</span> : null}
      </p>
      <p className="pass-card__description">{type.description}</p>
      <div className="pass-card__action">
        {action.kind === 'choose' ? (
          <button type="button" className="btn btn-primary btn-block" onClick={action.onChoose}>
            {t('choosePass', { pass: type.name })}
          </button>
        ) : action.kind === 'locked' ? (
          <button type="button" className="btn btn-secondary btn-block" onClick={action.onUnlock}>
            {t('enterYourCode')}
          </button>
        ) : (
          <button type="button" className="btn btn-block" disabled>
            {action.label}
          </button>
        )}
      </div>
    </article>
  );
}
