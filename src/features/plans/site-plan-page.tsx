import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PanZoom } from '../../components/ui/pan-zoom.tsx';
import { readableFrom } from '../../components/ui/pan-zoom.math.ts';
import { formatDistance } from '../../lib/hotel-search.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanChips } from './plan-chips.tsx';
import { usePlanFocus } from './plan-focus.ts';
import { ShuttleBadge, SymbolSwatch } from './plan-symbols.tsx';
import { type SitePick, SitePlanDrawing } from './site-plan-drawing.tsx';
import {
  findHotel,
  SHUTTLE_LINES,
  SITE_HEIGHT,
  SITE_HOTELS,
  SITE_POINT_LABELS,
  SITE_POINTS,
  SITE_WIDTH,
  type SiteHotel,
  type SitePoint,
  type SitePointKind,
  shuttleLineOf,
} from './site-layout.ts';
import './plans.css';

type SiteSelection =
  | { kind: 'hotel'; hotel: SiteHotel }
  | { kind: 'point'; point: SitePoint }
  | { kind: 'missing'; message: string };

/** ?hotel=<name> (links from bookings and hotel pages) or ?place=<id>. */
function resolveSiteSelection(params: URLSearchParams): SiteSelection | null {
  const hotelParam = params.get('hotel');
  if (hotelParam !== null) {
    const hotel = findHotel(hotelParam);
    return hotel ? { kind: 'hotel', hotel } : { kind: 'missing', message: `“${hotelParam}” is not on the site plan.` };
  }
  const placeParam = params.get('place');
  if (placeParam !== null) {
    const point = SITE_POINTS.find((p) => p.id === placeParam);
    return point ? { kind: 'point', point } : { kind: 'missing', message: 'This place is not on the site plan.' };
  }
  return null;
}

function selectionRect(selection: SiteSelection | null) {
  if (!selection || selection.kind === 'missing') return null;
  const { x, y } = selection.kind === 'hotel' ? selection.hotel : selection.point;
  const r = 26;
  return { x: x - r, y: y - r, width: 2 * r, height: 2 * r };
}

/*
 * Labels grow and shrink with the zoom and show from the scale at which their text is at least
 * 11 px on screen (font sizes as in plans.css): never as specks. The plan opens close enough to read
 * the hotels, centred between the Confertainment Center and the park; "Reset view" shows all of it.
 */
const SITE_LABEL_SCALES = {
  area: readableFrom(22),
  water: readableFrom(17),
  hotel: readableFrom(17),
  road: readableFrom(14),
  'off-map': readableFrom(13),
  point: readableFrom(12),
} as const;
const SITE_START_SCALE = SITE_LABEL_SCALES.hotel;
const SITE_START_CENTRE = { x: 420, y: 560 };

const DESCRIPTION =
  'Europa-Park in Rust with the Confertainment Center, the park hotels Colosseo, Santa Isabel, Bell Rock and Krønasår, the shuttle hotels in Ringsheim, Herbolzheim and Lahr, three shuttle lines, parking, the entrances and Ringsheim/Europa-Park station. The lists below the plan give the same places.';

/** /site-plan: the venue, the hotels with their shuttles, stops, parking and the station. Static, so it works offline. */
export function SitePlanPage() {
  const { selection, target, focusRequest, select, showAgain, clear } = usePlanFocus(resolveSiteSelection, selectionRect);
  const onPick = useCallback(
    (pick: SitePick) => (pick.kind === 'hotel' ? select({ hotel: pick.name }) : select({ place: pick.id })),
    [select],
  );

  const selectedHotel = selection?.kind === 'hotel' ? selection.hotel.name : null;
  const selectedPoint = selection?.kind === 'point' ? selection.point.id : null;

  return (
    <div className="plans-page">
      <PageHeader
        title="Site Plan"
        lead="Europa-Park in Rust: the Confertainment Center, the conference hotels, shuttles, parking and the train station."
      />
      <div className="plans-layout">
        <div className="plans-layout__search">
          {selection?.kind === 'missing' ? <Notice tone="warning">{selection.message}</Notice> : null}
        </div>

        <PanZoom
          className="plans-layout__map"
          label="Site plan"
          description={DESCRIPTION}
          width={SITE_WIDTH}
          height={SITE_HEIGHT}
          target={target}
          labelScales={SITE_LABEL_SCALES}
          startScale={SITE_START_SCALE}
          startCentre={SITE_START_CENTRE}
          targetZoom={2.5}
        >
          <SitePlanDrawing
            selectedHotel={selectedHotel}
            selectedPoint={selectedPoint}
            highlight={target}
            highlightKey={focusRequest}
            onPick={onPick}
          />
        </PanZoom>

        <div className="plans-layout__card" aria-live="polite">
          {selection && selection.kind !== 'missing' ? (
            <SiteCard selection={selection} onShow={showAgain} onClose={clear} />
          ) : null}
        </div>

        <div className="plans-layout__extra">
          <PlanChips
            title="Hotels"
            chips={SITE_HOTELS.map((hotel) => ({
              key: hotel.name,
              label: (
                <>
                  {hotel.name}
                  {shuttleLineOf(hotel) ? <span className="plans-chip__badge">Shuttle</span> : null}
                </>
              ),
              pressed: selectedHotel === hotel.name,
              onSelect: () => select({ hotel: hotel.name }),
            }))}
          />
          <PlanChips
            title="Getting around"
            chips={SITE_POINTS.map((point) => ({
              key: point.id,
              label: point.label,
              pressed: selectedPoint === point.id,
              onSelect: () => select({ place: point.id }),
            }))}
          />
          <SiteLegend />
        </div>
      </div>
    </div>
  );
}

function SiteCard({
  selection,
  onShow,
  onClose,
}: {
  selection: Exclude<SiteSelection, { kind: 'missing' }>;
  onShow: () => void;
  onClose: () => void;
}) {
  if (selection.kind === 'point') {
    const { point } = selection;
    return (
      <PlanCard
        title={point.label}
        subtitle={SITE_POINT_LABELS[point.kind]}
        symbol={point.kind}
        onShow={onShow}
        onClose={onClose}
      >
        <p className="plan-card__text">{point.note}</p>
      </PlanCard>
    );
  }

  const { hotel } = selection;
  const line = shuttleLineOf(hotel);
  return (
    <PlanCard
      title={hotel.name}
      subtitle={`${hotel.stars}-star hotel · ${formatDistance(hotel.distanceM)} to the venue`}
      symbol="hotel"
      onShow={onShow}
      onClose={onClose}
      actions={
        <Link className="btn btn-primary btn-sm" to="/accommodation/book">
          Book a room
        </Link>
      }
    >
      <dl className="plan-card__facts plan-card__facts--stacked">
        <div>
          <dt>Address</dt>
          <dd>{hotel.address}</dd>
        </div>
        <div>
          <dt>Getting there</dt>
          <dd>
            {line ? (
              <span className="plan-card__shuttle" data-shuttle-line={line.id}>
                <strong>{line.name}</strong>: {line.route}. {line.frequency}
              </span>
            ) : (
              (hotel.access ?? 'Within walking distance of the venue.')
            )}
          </dd>
        </div>
      </dl>
    </PlanCard>
  );
}

const LEGEND_POINTS: SitePointKind[] = ['venue', 'entrance', 'registration', 'shuttle-stop', 'parking', 'station'];

function SiteLegend() {
  return (
    <section className="plans-section" aria-labelledby="site-legend-title">
      <h2 id="site-legend-title" className="plans-section__title">
        Legend
      </h2>
      <ul className="plans-legend">
        <li>
          <SymbolSwatch kind="hotel" />
          Hotel
        </li>
        <li>
          <svg
            className="plan-swatch plan-swatch--wide"
            viewBox="0 0 42 24"
            width="42"
            height="24"
            aria-hidden="true"
            focusable="false"
          >
            <ShuttleBadge x={2} y={2} line={1} colour={SHUTTLE_LINES[0]?.colour ?? '#0e7490'} />
          </svg>
          Hotel with a conference shuttle (line number)
        </li>
        {LEGEND_POINTS.map((kind) => (
          <li key={kind}>
            <SymbolSwatch kind={kind} />
            {SITE_POINT_LABELS[kind]}
          </li>
        ))}
        {SHUTTLE_LINES.map((line) => (
          <li key={line.id}>
            <svg
              className="plan-swatch plan-swatch--wide"
              viewBox="0 0 42 24"
              width="42"
              height="24"
              aria-hidden="true"
              focusable="false"
            >
              <line
                x1={3}
                y1={12}
                x2={39}
                y2={12}
                stroke={line.colour}
                strokeWidth={5}
                strokeDasharray="9 5"
                strokeLinecap="round"
              />
            </svg>
            {line.name}: {line.route}
          </li>
        ))}
      </ul>
    </section>
  );
}
