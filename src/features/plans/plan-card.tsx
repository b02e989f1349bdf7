import { type ReactNode, useId } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { useT } from '../../i18n/use-t.ts';
import { type SymbolKind, SymbolSwatch } from './plan-symbols.tsx';

interface PlanCardProps {
  title: string;
  /** A short line under the title (booth and hall, the room's place...). */
  subtitle?: ReactNode;
  symbol?: SymbolKind;
  children?: ReactNode;
  /** Links shown beside 'Show on plan' (website, agenda, booking). */
  actions?: ReactNode;
  /** Brings the selection back into view after the plan was moved away from it. */
  onShow: () => void;
  onClose: () => void;
}

/** The details of what is selected on a plan, with 'Show on plan' and close. */
export function PlanCard({ title, subtitle, symbol, children, actions, onShow, onClose }: PlanCardProps) {
  const t = useT('plans');
  const titleId = useId();
  return (
    <section className="card plan-card" aria-labelledby={titleId} data-plan-card>
      <div className="plan-card__head">
        {symbol ? <SymbolSwatch kind={symbol} /> : null}
        <div className="plan-card__heading">
          <h2 id={titleId} className="plan-card__title">
            {title}
          </h2>
          {subtitle ? <p className="plan-card__subtitle">{subtitle}</p> : null}
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-icon plan-card__close"
          aria-label={t('closeDetails')}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      {children}
      <div className="plan-card__actions">
        {actions}
        <button type="button" className="btn btn-secondary btn-sm" onClick={onShow}>
          {t('showOnPlan')}
        </button>
      </div>
    </section>
  );
}
