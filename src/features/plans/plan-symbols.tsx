import type { FacilityKind } from './floor-layout.ts';
import type { SitePointKind } from './site-layout.ts';

/*
 * Map symbols: a coloured disc with a white line icon (24-unit grid) or a short text. The same
 * symbol is drawn on the plan and in the legend, so the legend always matches.
 */

export type SymbolKind = FacilityKind | SitePointKind | 'hotel';

interface SymbolStyle {
  colour: string;
  path?: string;
  text?: string;
}

const ID_CARD = 'M4 6h16v12H4zM8 10h.01M12 10h5M8 14h9';
const ARROW = 'M5 12h13M13 6l6 6-6 6';

export const SYMBOLS: Record<SymbolKind, SymbolStyle> = {
  entrance: { colour: '#15803d', path: ARROW },
  registration: { colour: '#1d4ed8', path: ID_CARD },
  info: { colour: '#0e7490', path: 'M12 11v6M12 7v.5' },
  cloakroom: { colour: '#4f5a73', path: 'M10.5 7.5a1.5 1.5 0 1 1 1.5 1.5v1.5L4 16h16l-8-5.5' },
  catering: { colour: '#a15c07', path: 'M5 9h11v3a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5zM16 10h1.5a2 2 0 0 1 0 4H16M9 4v2M12 4v2' },
  toilets: { colour: '#334155', text: 'WC' },
  'first-aid': { colour: '#c81e1e', path: 'M12 6v12M6 12h12' },
  venue: { colour: '#3730a3', path: 'M4 20V10l8-6 8 6v10zM9 20v-6h6v6' },
  'shuttle-stop': { colour: '#0e7490', path: 'M6 4h12a2 2 0 0 1 2 2v10H4V6a2 2 0 0 1 2-2zM4 11h16M7 19v-3M17 19v-3' },
  parking: { colour: '#1d4ed8', text: 'P' },
  station: {
    colour: '#111a2e',
    path: 'M7 4h10a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM5 11h14M8 21l2-4M16 21l-2-4',
  },
  hotel: { colour: '#9d174d', path: 'M3 19V6M3 15h18v4M21 15v-3a3 3 0 0 0-3-3h-7v6M5 11.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0' },
};

/** The symbol's disc and icon, centred on (x, y), `r` plan units across half. */
export function MapSymbol({ kind, x, y, r = 13 }: { kind: SymbolKind; x: number; y: number; r?: number }) {
  const style = SYMBOLS[kind];
  const scale = (r * 1.3) / 24;
  return (
    <g className="map-symbol">
      <circle cx={x} cy={y} r={r} fill={style.colour} stroke="#ffffff" strokeWidth={r / 6} />
      {style.path ? (
        <path
          className="map-symbol__icon"
          d={style.path}
          transform={`translate(${x - 12 * scale} ${y - 12 * scale}) scale(${scale})`}
          fill="none"
          stroke="#ffffff"
          strokeWidth={2.4}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <text
          x={x}
          y={y}
          dy="0.35em"
          textAnchor="middle"
          fontSize={r * (style.text && style.text.length > 1 ? 0.8 : 1.15)}
          className="map-symbol__text"
        >
          {style.text}
        </text>
      )}
    </g>
  );
}

/** A symbol on its own, for legends and cards. */
export function SymbolSwatch({ kind }: { kind: SymbolKind }) {
  return (
    <svg className="plan-swatch" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <MapSymbol kind={kind} x={16} y={16} r={14} />
    </svg>
  );
}

/** The bus badge beside a shuttle hotel, in the line's colour with its number. */
export function ShuttleBadge({ x, y, line, colour }: { x: number; y: number; line: number; colour: string }) {
  return (
    <g className="shuttle-badge" data-shuttle={line}>
      <rect x={x} y={y} width={38} height={20} rx={6} fill={colour} stroke="#ffffff" strokeWidth={2} />
      <path
        className="shuttle-badge__icon"
        d="M6 4h12a2 2 0 0 1 2 2v10H4V6a2 2 0 0 1 2-2zM4 11h16M7 19v-3M17 19v-3"
        transform={`translate(${x + 4} ${y + 3}) scale(0.58)`}
        fill="none"
        stroke="#ffffff"
        strokeWidth={2.6}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x={x + 28} y={y + 10} dy="0.35em" textAnchor="middle" className="shuttle-badge__text">
        {line}
      </text>
    </g>
  );
}
