import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { APP_NAME } from '../../components/ui/brand.ts';
import { qrCodeSvg } from '../../lib/qr-code.ts';
import type { Paper } from './settings.ts';
import './printed-badge.css';

/** One badge on its way to the printer; `id` tells two prints of the same badge apart. */
export interface BadgeToPrint {
  id: number;
  name: string;
  company: string;
  passType: string;
  /** The pass token the QR code carries: the badge scans like the pass it was printed from. */
  token: string;
}

/**
 * The badge as the printer gets it (QR code, name, company, pass type), one page of the chosen
 * paper: a child of <body> that only print shows, and while it exists nothing else prints
 * (printed-badge.css). Hidden from screen readers: on screen it does not exist.
 */
export function PrintedBadge({ badge, paper }: { badge: BadgeToPrint; paper: Paper }) {
  const qr = useMemo(() => qrCodeSvg(badge.token), [badge.token]);
  return createPortal(
    <div className={`kiosk-print kiosk-print--${paper}`} aria-hidden="true">
      <div className="kiosk-badge">
        <p className="kiosk-badge__event">{APP_NAME}</p>
        <svg
          className="kiosk-badge__qr"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          shapeRendering="crispEdges"
          aria-hidden="true"
          focusable="false"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <div className="kiosk-badge__person">
          <p className="kiosk-badge__name">{badge.name}</p>
          {badge.company && <p className="kiosk-badge__company">{badge.company}</p>}
        </div>
        <p className="kiosk-badge__type">{badge.passType}</p>
      </div>
    </div>,
    document.body,
  );
}
