import { Link } from 'react-router-dom';
import './partner-banner.css';

/**
 * SPEC §1/§2: the partner banner of the registration and main layouts. Partner data has no call
 * yet, so it points to the partners section of the information page.
 */
export function PartnerBanner({ heading = 'Our partners' }: { heading?: string }) {
  return (
    <aside className="partner-banner" aria-label="Partners">
      <p className="partner-banner__heading">{heading}</p>
      <p className="partner-banner__text">
        CloudFest 2026 at Europa-Park is made possible by the cloud industry's leading companies.
      </p>
      <Link className="partner-banner__link" to="/information#partners">
        Meet our partners
      </Link>
    </aside>
  );
}
