import { useMemo } from 'react';
import { qrCodeSvg } from '../../lib/qr-code.ts';

/**
 * The pass token as a QR code: black on white whatever the theme (scanners need the contrast),
 * sharp edges at any size, and named for screen readers by `label`.
 */
export function PassQrCode({ token, label }: { token: string; label: string }) {
  const svg = useMemo(() => qrCodeSvg(token), [token]);
  return (
    <svg className="pass-qr" viewBox={`0 0 ${svg.size} ${svg.size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      {/* The plate covers the quiet zone too; the fills are the fallback of the --color-qr-* tokens. */}
      <rect className="pass-qr__plate" width={svg.size} height={svg.size} fill="#fff" />
      <path className="pass-qr__ink" d={svg.path} fill="#000" />
    </svg>
  );
}
