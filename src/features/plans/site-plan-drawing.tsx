import { type MouseEvent, memo } from 'react';
import type { Rect } from '../../components/ui/pan-zoom.math.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatDistance } from '../../lib/hotel-search.ts';
import { MapSymbol, ShuttleBadge } from './plan-symbols.tsx';
import {
  SHUTTLE_LINES,
  SITE_AREAS,
  SITE_HEIGHT,
  SITE_HOTELS,
  SITE_POINTS,
  SITE_WIDTH,
  type SiteHotel,
  type SitePoint,
  shuttleLineOf,
} from './site-layout.ts';

export type SitePick = { kind: 'hotel'; name: string } | { kind: 'point'; id: string };

interface SitePlanDrawingProps {
  selectedHotel: string | null;
  selectedPoint: string | null;
  highlight: Rect | null;
  /** Changes with every new selection, so the ring is drawn afresh and pulses again. */
  highlightKey: number;
  onPick: (pick: SitePick) => void;
}

/** Roads drawn under everything: the A5 motorway, the roads around the park. */
const ROADS = ['M40 0V1000', 'M40 560H170', 'M170 880H960', 'M200 200H820V110', 'M200 200V880', 'M330 520H430', 'M200 720H240'];

export function SitePlanDrawing({ selectedHotel, selectedPoint, highlight, highlightKey, onPick }: SitePlanDrawingProps) {
  const onClick = (event: MouseEvent<SVGGElement>) => {
    const hit = (event.target as Element).closest('[data-hotel],[data-point]');
    if (!(hit instanceof SVGElement)) return;
    const { hotel, point } = hit.dataset;
    if (hotel) onPick({ kind: 'hotel', name: hotel });
    else if (point) onPick({ kind: 'point', id: point });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drawing is a pointer shortcut; the lists beside it are the accessible way in
    <g className="site-plan" onClick={onClick}>
      <Ground />
      <Points selected={selectedPoint} />
      <Hotels selected={selectedHotel} />
      {highlight ? (
        <g key={highlightKey} className="plan-highlight">
          <rect className="plan-highlight__pulse" {...highlight} rx={highlight.width / 2} />
          <rect className="plan-highlight__ring" {...highlight} rx={highlight.width / 2} />
        </g>
      ) : null}
    </g>
  );
}

const Ground = memo(function Ground() {
  const t = useT('plans');
  return (
    <g className="site-plan__ground">
      <rect className="plan-ground" x={0} y={0} width={SITE_WIDTH} height={SITE_HEIGHT} />
      {SITE_AREAS.map((area) => (
        <g key={area.label} className={`site-area site-area--${area.kind}`}>
          <rect
            className="site-area__shape"
            x={area.x}
            y={area.y}
            width={area.width}
            height={area.height}
            rx={area.kind === 'park' ? 60 : 14}
          />
          {area.kind === 'venue' ? (
            <circle className="site-area__dome" cx={area.x + 80} cy={area.y + 65} r={36} />
          ) : (
            <text
              className="site-area__label"
              x={area.x + area.width / 2}
              y={area.y + area.height / 2}
              dy="0.35em"
              textAnchor="middle"
            >
              {t(area.label)}
            </text>
          )}
        </g>
      ))}
      {ROADS.map((d) => (
        <path key={d} className="site-road" d={d} />
      ))}
      <text className="site-road__label" x={52} y={320} transform="rotate(-90 52 320)" textAnchor="middle">
        {t('roadA5')}
      </text>
      {SHUTTLE_LINES.map((line) => (
        <polyline
          key={line.id}
          className="site-shuttle-line"
          data-line={line.id}
          points={line.path.map((p) => `${p.x},${p.y}`).join(' ')}
          stroke={line.colour}
        />
      ))}
      <text className="site-note" x={60} y={SITE_HEIGHT - 12}>
        {t('notToScale')}
      </text>
    </g>
  );
});

const Points = memo(function Points({ selected }: { selected: string | null }) {
  return (
    <g className="site-plan__points">
      {SITE_POINTS.map((point) => (
        <g key={point.id} className="site-point" data-point={point.id} data-selected={point.id === selected || undefined}>
          <MapSymbol kind={point.kind} x={point.x} y={point.y} r={point.kind === 'venue' ? 16 : 13} />
          <PointLabel point={point} />
        </g>
      ))}
    </g>
  );
});

function PointLabel({ point }: { point: SitePoint }) {
  const t = useT('plans');
  const gap = point.kind === 'venue' ? 22 : 19;
  if (point.labelSide) {
    const left = point.labelSide === 'left';
    return (
      <text
        className="site-point__label"
        x={left ? point.x - gap : point.x + gap}
        y={point.y}
        dy="0.35em"
        textAnchor={left ? 'end' : 'start'}
      >
        {t(point.label)}
      </text>
    );
  }
  return (
    <text className="site-point__label" x={point.x} y={point.y + gap + 9} textAnchor="middle">
      {t(point.label)}
    </text>
  );
}

const Hotels = memo(function Hotels({ selected }: { selected: string | null }) {
  return (
    <g className="site-plan__hotels">
      {SITE_HOTELS.map((hotel) => (
        <HotelMarker key={hotel.name} hotel={hotel} selected={hotel.name === selected} />
      ))}
    </g>
  );
});

function HotelMarker({ hotel, selected }: { hotel: SiteHotel; selected: boolean }) {
  const t = useT('plans');
  const line = shuttleLineOf(hotel);
  return (
    <g className="site-hotel" data-hotel={hotel.name} data-selected={selected || undefined}>
      <MapSymbol kind="hotel" x={hotel.x} y={hotel.y} r={15} />
      {line ? <ShuttleBadge x={hotel.x + 10} y={hotel.y - 34} line={line.id} colour={line.colour} /> : null}
      <text className="site-hotel__label" x={hotel.x} y={hotel.y + 30} textAnchor="middle">
        {hotel.name}
      </text>
      {hotel.offMap ? (
        <text className="site-hotel__off-map" x={hotel.x} y={hotel.y + 46} textAnchor="middle">
          {`${formatDistance(hotel.distanceM)} · ${t(hotel.offMap)}`}
        </text>
      ) : null}
    </g>
  );
}
