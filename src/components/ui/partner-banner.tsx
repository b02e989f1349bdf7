import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import './partner-banner.css';

/**
 * docs/behaviour.md §1/§2: the partner banner of the registration and main layouts. Partner data has no call
 * yet, so it points to the partners section of the information page.
 */
export function PartnerBanner({ heading }: { heading?: string }) {
  const t = useT('common');
  return (
    <aside className="partner-banner" aria-label={t('partnersLabel')}>
      <p className="partner-banner__heading">{heading ?? t('ourPartners')}</p>
      <p className="partner-banner__text">{t('partnersText')}</p>
      <Link className="partner-banner__link" to="/information#partners">
        {t('meetOurPartners')}
      </Link>
    </aside>
  );
}
