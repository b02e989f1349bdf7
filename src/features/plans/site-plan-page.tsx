import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { readableFrom } from '../../components/ui/pan-zoom.math.ts';
import { PanZoom } from '../../components/ui/pan-zoom.tsx';
import { useT } from '../../i18n/use-t.ts';
import { formatDistance } from '../../lib/hotel-search.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanChips } from './plan-chips.tsx';
import { usePlanFocus } from './plan-focus.ts';
import { ShuttleBadge, SymbolSwatch } from './plan-symbols.tsx';
import type { PlansText } from './plan-text.ts';
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
import { type SitePick, SitePlanDrawing } from './site-plan-drawing.tsx';
import './plans.css';

type SiteSelection =
  | { kind: 'hotel'; hotel: SiteHotel }
  | { kind: 'point'; point: SitePoint }
  | { kind: 'missing'; message: string };

/** ?hotel=<name> (links from bookings and hotel pages) or ?place=<id>; a link to nothing says so in the language of `t`. */
function resolveSiteSelection(params: URLSearchParams, t: PlansText): SiteSelection | null {
  const hotelParam = params.get('hotel');
  if (hotelParam !== null) {
    const hotel = findHotel(hotelParam);
    return hotel ? { kind: 'hotel', hotel } : { kind: 'missing', message: t('hotelMissing', { hotel: hotelParam }) };
  }
  const placeParam = params.get('place');
  if (placeParam !== null) {
    const point = SITE_POINTS.find((p) => p.id === placeParam);
    return point ? { kind: 'point', point } : { kind: 'missing', message: t('sitePlaceMissing') };
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

/** /site-plan: the venue, the hotels with their shuttles, stops, parking and the station. Static, so it works offline. */
export function SitePlanPage() {
  const t = useT('plans');
  const resolve = useCallback((params: URLSearchParams) => resolveSiteSelection(params, t), [t]);
  const { selection, target, focusRequest, select, showAgain, clear } = usePlanFocus(resolve, selectionRect);
  const onPick = useCallback(
    (pick: SitePick) => (pick.kind === 'hotel' ? select({ hotel: pick.name }) : select({ place: pick.id })),
    [select],
  );

  const selectedHotel = selection?.kind === 'hotel' ? selection.hotel.name : null;
  const selectedPoint = selection?.kind === 'point' ? selection.point.id : null;

  return (
    <div className="plans-page">
      <PageHeader title={t('siteTitle')} lead={t('siteLead')} />
      <div className="plans-layout">
        <div className="plans-layout__search">
          {selection?.kind === 'missing' ? <Notice tone="warning">{selection.message}</Notice> : null}
        </div>

        <PanZoom
          className="plans-layout__map"
          label={t('sitePlanLabel')}
          description={t('siteDescription')}
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
            title={t('hotels')}
            chips={SITE_HOTELS.map((hotel) => ({
              key: hotel.name,
              label: (
                <>
                  {hotel.name}
                  {shuttleLineOf(hotel) ? <span className="plans-chip__badge">{t('shuttleBadge')}</span> : null}
                </>
              ),
              pressed: selectedHotel === hotel.name,
              onSelect: () => select({ hotel: hotel.name }),
            }))}
          />
          <PlanChips
            title={t('gettingAround')}
            chips={SITE_POINTS.map((point) => ({
              key: point.id,
              label: t(point.label),
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
  const t = useT('plans');
  if (selection.kind === 'point') {
    const { point } = selection;
    return (
      <PlanCard
        title={t(point.label)}
        subtitle={t(SITE_POINT_LABELS[point.kind])}
        symbol={point.kind}
        onShow={onShow}
        onClose={onClose}
      >
        <p className="plan-card__text">{t(point.note)}</p>
      </PlanCard>
    );
  }

  const { hotel } = selection;
  const line = shuttleLineOf(hotel);
  return (
    <PlanCard
      title={hotel.name}
      subtitle={t('hotelSubtitle', { stars: hotel.stars, distance: formatDistance(hotel.distanceM) })}
      symbol="hotel"
      onShow={onShow}
      onClose={onClose}
      actions={
        <Link className="btn btn-primary btn-sm" to="/accommodation/book">
          {t('bookRoom')}
        </Link>
      }
    >
      <dl className="plan-card__facts plan-card__facts--stacked">
        <div>
          <dt>{t('address')}</dt>
          <dd>{hotel.address}</dd>
        </div>
        <div>
          <dt>{t('gettingThere')}</dt>
          <dd>
            {line ? (
              <span className="plan-card__shuttle" data-shuttle-line={line.id}>
                <strong>{line.name}</strong>: {t(line.route)}. {t(line.frequency)}
              </span>
            ) : (
              t(hotel.access ?? 'walkingDistance')
            )}
          </dd>
        </div>
      </dl>
    </PlanCard>
  );
}

const LEGEND_POINTS: SitePointKind[] = ['venue', 'entrance', 'registration', 'shuttle-stop', 'parking', 'station'];

function SiteLegend() {
  const t = useT('plans');
  return (
    <section className="plans-section" aria-labelledby="site-legend-title">
      <h2 id="site-legend-title" className="plans-section__title">
        {t('legend')}
      </h2>
      <ul className="plans-legend">
        <li>
          <SymbolSwatch kind="hotel" />
          {t('legendHotel')}
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
          {t('legendShuttleHotel')}
        </li>
        {LEGEND_POINTS.map((kind) => (
          <li key={kind}>
            <SymbolSwatch kind={kind} />
            {t(SITE_POINT_LABELS[kind])}
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
            {line.name}: {t(line.route)}
          </li>
        ))}
      </ul>
    </section>
  );
}
