import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod/mini';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { readableFrom } from '../../components/ui/pan-zoom.math.ts';
import { PanZoom } from '../../components/ui/pan-zoom.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { useRequest } from '../../lib/use-request.ts';
import { type Exhibitor, exhibitorSchema } from '../../shared/contracts/agenda.ts';
import { ExhibitorSearch } from './exhibitor-search.tsx';
import {
  buildFloorLayout,
  FACILITY_LABELS,
  type FacilityKind,
  type FloorLayout,
  hallLabel,
  smallestBoothCode,
} from './floor-layout.ts';
import { type FloorPick, FloorPlanDrawing } from './floor-plan-drawing.tsx';
import { type FloorSelection, resolveFloorSelection, selectionRect } from './floor-selection.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanChips } from './plan-chips.tsx';
import { usePlanFocus } from './plan-focus.ts';
import { SymbolSwatch } from './plan-symbols.tsx';
import { type PlansText, safeWebsite, websiteLabel } from './plan-text.ts';
import './plans.css';

const exhibitorListSchema = z.array(exhibitorSchema);

/*
 * Labels are drawn in plan units, so they grow and shrink with the zoom. Each kind shows from the
 * scale at which its text is at least 11 px on screen (font sizes as in plans.css), never as specks;
 * hall names keep 12 px at any zoom (plans.css). The plan opens close enough to read rooms and booth
 * numbers, centred on the foyer; "Reset view" shows the whole plan.
 */
const MIN_LABEL_PX = 11;
const FLOOR_START_CENTRE = { x: 500, y: 520 };

/**
 * /floor-plan: the Confertainment Center with every exhibitor's booth. Works offline: the page is
 * precached and /api/exhibitors comes from the service worker's cache; without it the halls and
 * rooms still show. The selection lives in the address (?exhibitor, ?booth, ?room, ?facility).
 */
export function FloorPlanPage() {
  const t = useT('plans');
  const request = useRequest((signal) => api('/api/exhibitors', exhibitorListSchema, { signal }), []);
  const exhibitors = request.status === 'ready' ? request.data : null;
  const layout = useMemo(() => buildFloorLayout(exhibitors ?? []), [exhibitors]);
  const boothCode = useMemo(() => smallestBoothCode(layout.booths), [layout]);
  const labelScales = useMemo(
    () => ({
      room: readableFrom(17, MIN_LABEL_PX),
      area: readableFrom(16, MIN_LABEL_PX),
      booth: readableFrom(boothCode, MIN_LABEL_PX),
      facility: readableFrom(12, MIN_LABEL_PX),
    }),
    [boothCode],
  );
  const startScale = Math.max(labelScales.room, labelScales.booth);
  const resolve = useCallback(
    (params: URLSearchParams) => resolveFloorSelection(params, layout, exhibitors, t),
    [layout, exhibitors, t],
  );
  const { selection, target, focusRequest, select, showAgain, clear } = usePlanFocus(resolve, selectionRect);
  const onPick = useCallback(
    (pick: FloorPick) => {
      if (pick.kind === 'booth') select({ booth: pick.code });
      else if (pick.kind === 'room') select({ room: pick.name });
      else select({ facility: pick.id });
    },
    [select],
  );

  const selectedBooth = selection?.kind === 'booth' ? selection.booth.code : null;
  const selectedRoom = selection?.kind === 'room' ? selection.room.name : null;

  return (
    <div className="plans-page">
      <PageHeader title={t('floorTitle')} lead={t('floorLead')} />
      <div className="plans-layout">
        <div className="plans-layout__search">
          <ExhibitorSearch
            exhibitors={exhibitors}
            onSelect={(exhibitor) => select({ exhibitor: String(exhibitor.id) })}
            unavailableHint={request.status === 'error' ? t('exhibitorsUnavailable') : undefined}
          />
          <LoadNotice status={request.status} onRetry={request.retry} />
          {selection?.kind === 'missing' ? <Notice tone="warning">{selection.message}</Notice> : null}
        </div>

        <PanZoom
          className="plans-layout__map"
          label={t('floorPlanLabel')}
          description={describeFloor(layout, t)}
          width={layout.width}
          height={layout.height}
          target={target}
          labelScales={labelScales}
          startScale={startScale}
          startCentre={FLOOR_START_CENTRE}
        >
          <FloorPlanDrawing
            layout={layout}
            selectedBooth={selectedBooth}
            selectedRoom={selectedRoom}
            highlight={target}
            highlightKey={focusRequest}
            onPick={onPick}
          />
        </PanZoom>

        <div className="plans-layout__card" aria-live="polite">
          {selection && selection.kind !== 'missing' ? (
            <SelectionCard
              selection={selection}
              onShow={showAgain}
              onClose={clear}
              onExhibitor={(exhibitor) => select({ exhibitor: String(exhibitor.id) })}
            />
          ) : null}
        </div>

        <div className="plans-layout__extra">
          <PlanChips
            title={t('roomsAndStages')}
            chips={layout.rooms.map((room) => ({
              key: room.name,
              label: room.name,
              pressed: selectedRoom === room.name,
              onSelect: () => select({ room: room.name }),
            }))}
          />
          <FloorLegend />
        </div>
      </div>
    </div>
  );
}

function LoadNotice({ status, onRetry }: { status: 'loading' | 'ready' | 'error'; onRetry: () => void }) {
  const t = useT('plans');
  if (status === 'loading') return <p className="plans-status">{t('exhibitorsLoading')}</p>;
  if (status === 'ready') return null;
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div className="alert alert-warning plans-load-error" role="alert">
      <p>{offline ? t('exhibitorsOffline') : t('exhibitorsFailed')}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

function SelectionCard({
  selection,
  onShow,
  onClose,
  onExhibitor,
}: {
  selection: Exclude<FloorSelection, { kind: 'missing' }>;
  onShow: () => void;
  onClose: () => void;
  onExhibitor: (exhibitor: Exhibitor) => void;
}) {
  const t = useT('plans');
  if (selection.kind === 'room') {
    const { room } = selection;
    return (
      <PlanCard
        title={room.name}
        subtitle={t(room.where)}
        onShow={onShow}
        onClose={onClose}
        actions={
          <Link className="btn btn-primary btn-sm" to={`/agenda?room=${encodeURIComponent(room.name)}`}>
            {t('sessionsInRoom', { room: room.name })}
          </Link>
        }
      />
    );
  }
  if (selection.kind === 'facility') {
    const { facility } = selection;
    return (
      <PlanCard
        title={t(facility.label)}
        subtitle={t(FACILITY_LABELS[facility.kind])}
        symbol={facility.kind}
        onShow={onShow}
        onClose={onClose}
      >
        <p className="plan-card__text">{t(facility.note)}</p>
      </PlanCard>
    );
  }

  const { booth, exhibitors } = selection;
  const [exhibitor, ...others] = exhibitors;
  const website = exhibitor ? safeWebsite(exhibitor.website) : null;
  const hall = hallLabel(booth.hall, t);
  return (
    <PlanCard
      title={exhibitor?.name ?? t('boothTitle', { booth: booth.code })}
      subtitle={t('boothSubtitle', { booth: booth.code, hall })}
      onShow={onShow}
      onClose={onClose}
      actions={
        website ? (
          <a className="btn btn-primary btn-sm" href={website} target="_blank" rel="noopener noreferrer">
            <Text
              ns="plans"
              k="visitWebsite"
              values={{ site: websiteLabel(website) }}
              components={{ hidden: <span className="visually-hidden" /> }}
            />
          </a>
        ) : null
      }
    >
      {exhibitor ? (
        <>
          <dl className="plan-card__facts">
            <div>
              <dt>{t('booth')}</dt>
              <dd>{booth.code}</dd>
            </div>
            <div>
              <dt>{t('hall')}</dt>
              <dd>{hall}</dd>
            </div>
            <div>
              <dt>{t('category')}</dt>
              <dd>{exhibitor.category}</dd>
            </div>
          </dl>
          <p className="plan-card__text">{exhibitor.description}</p>
        </>
      ) : null}
      {others.length > 0 ? (
        <div className="plan-card__others">
          <p className="plan-card__label">{t('alsoAtBooth')}</p>
          <ul className="chip-list">
            {others.map((other) => (
              <li key={other.id}>
                <button type="button" className="plans-chip" onClick={() => onExhibitor(other)}>
                  {other.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </PlanCard>
  );
}

const LEGEND_KINDS: FacilityKind[] = ['entrance', 'registration', 'info', 'catering', 'toilets', 'first-aid', 'cloakroom'];

function FloorLegend() {
  const t = useT('plans');
  return (
    <section className="plans-section" aria-labelledby="floor-legend-title">
      <h2 id="floor-legend-title" className="plans-section__title">
        {t('legend')}
      </h2>
      <ul className="plans-legend">
        <li>
          <span className="plans-legend__box plans-legend__box--booth" aria-hidden="true" />
          {t('legendBooth')}
        </li>
        <li>
          <span className="plans-legend__box plans-legend__box--selected" aria-hidden="true" />
          {t('legendSelected')}
        </li>
        <li>
          <span className="plans-legend__box plans-legend__box--room" aria-hidden="true" />
          {t('legendRoom')}
        </li>
        {LEGEND_KINDS.map((kind) => (
          <li key={kind}>
            <SymbolSwatch kind={kind} />
            {t(FACILITY_LABELS[kind])}
          </li>
        ))}
      </ul>
    </section>
  );
}

function describeFloor(layout: FloorLayout, t: PlansText): string {
  const rooms = layout.rooms.map((room) => room.name).join(', ');
  return layout.booths.length > 0
    ? t('floorDescription', { count: layout.booths.length, rooms })
    : t('floorDescriptionNoBooths', { rooms });
}
