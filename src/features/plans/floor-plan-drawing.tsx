import { type MouseEvent, memo } from 'react';
import type { Rect } from '../../components/ui/pan-zoom.math.ts';
import { useT } from '../../i18n/use-t.ts';
import {
  type Booth,
  boothCodeSize,
  CONFERENCE_WING,
  type FloorLayout,
  FOYER,
  type Hall,
  hallLabel,
  type Room,
} from './floor-layout.ts';
import { MapSymbol } from './plan-symbols.tsx';

export type FloorPick = { kind: 'booth'; code: string } | { kind: 'room'; name: string } | { kind: 'facility'; id: string };

interface FloorPlanDrawingProps {
  layout: FloorLayout;
  selectedBooth: string | null;
  selectedRoom: string | null;
  /** The selected thing's rectangle: drawn with a pulsing ring on top of everything. */
  highlight: Rect | null;
  /** Changes with every new selection, so the ring is drawn afresh and pulses again. */
  highlightKey: number;
  onPick: (pick: FloorPick) => void;
}

/**
 * The floor plan as SVG in plan units. The parts that never change are memoised and each booth
 * re-renders only when its own selection changes, so picking a booth touches two elements.
 */
export function FloorPlanDrawing({
  layout,
  selectedBooth,
  selectedRoom,
  highlight,
  highlightKey,
  onPick,
}: FloorPlanDrawingProps) {
  // One listener for the whole plan: what was tapped is read from its data attribute.
  const onClick = (event: MouseEvent<SVGGElement>) => {
    const hit = (event.target as Element).closest('[data-booth],[data-room],[data-facility]');
    if (!(hit instanceof SVGElement)) return;
    const { booth, room, facility } = hit.dataset;
    if (booth) onPick({ kind: 'booth', code: booth });
    else if (room) onPick({ kind: 'room', name: room });
    else if (facility) onPick({ kind: 'facility', id: facility });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drawing is a pointer shortcut; the search and room list are the accessible way in
    <g className="floor-plan" onClick={onClick}>
      <Building layout={layout} />
      <Rooms rooms={layout.rooms} selected={selectedRoom} />
      <Booths booths={layout.booths} selected={selectedBooth} />
      <Facilities layout={layout} />
      {highlight ? <Highlight key={highlightKey} rect={highlight} /> : null}
    </g>
  );
}

const Building = memo(function Building({ layout }: { layout: FloorLayout }) {
  const t = useT('plans');
  return (
    <g className="floor-plan__building">
      <rect className="plan-ground" x={0} y={0} width={layout.width} height={layout.height} />
      <rect className="plan-area plan-area--foyer" {...FOYER} rx={8} />
      <text className="plan-area__label" x={365} y={FOYER.y + FOYER.height / 2} dy="0.35em" textAnchor="middle">
        {t('foyer')}
      </text>
      <rect className="plan-area plan-area--wing" {...CONFERENCE_WING} rx={8} />
      {layout.halls.map((hall) => (
        <HallOutline key={hall.name} hall={hall} />
      ))}
    </g>
  );
});

function HallOutline({ hall }: { hall: Hall }) {
  const t = useT('plans');
  const { bounds } = hall;
  const name = hallLabel(hall.name, t);
  if (hall.shape === 'circle') {
    const r = bounds.width / 2;
    return (
      <g data-hall={hall.name}>
        <circle className="plan-hall" cx={bounds.x + r} cy={bounds.y + r} r={r} />
        <text className="plan-hall__label" x={bounds.x + r} y={bounds.y + bounds.height - 26} textAnchor="middle">
          {name}
        </text>
      </g>
    );
  }
  return (
    <g data-hall={hall.name}>
      <rect className="plan-hall" x={bounds.x} y={bounds.y} width={bounds.width} height={bounds.height} rx={6} />
      <text className="plan-hall__label" x={bounds.x + 12} y={bounds.y + bounds.height - 8}>
        {name}
      </text>
    </g>
  );
}

const Rooms = memo(function Rooms({ rooms, selected }: { rooms: readonly Room[]; selected: string | null }) {
  return (
    <g className="floor-plan__rooms">
      {rooms.map((room) => (
        <g key={room.name} className="plan-room" data-selected={room.name === selected || undefined}>
          <rect
            className="plan-room__box"
            data-room={room.name}
            x={room.x}
            y={room.y}
            width={room.width}
            height={room.height}
            rx={6}
          />
          <text
            className="plan-room__label"
            x={room.x + room.width / 2}
            y={room.y + room.height / 2}
            dy="0.35em"
            textAnchor="middle"
          >
            {room.name}
          </text>
        </g>
      ))}
    </g>
  );
});

const Booths = memo(function Booths({ booths, selected }: { booths: readonly Booth[]; selected: string | null }) {
  return (
    <g className="floor-plan__booths">
      {booths.map((booth) => (
        <BoothShape key={booth.code} booth={booth} selected={booth.code === selected} />
      ))}
    </g>
  );
});

const BoothShape = memo(function BoothShape({ booth, selected }: { booth: Booth; selected: boolean }) {
  const fontSize = Math.round(boothCodeSize(booth) * 10) / 10;
  return (
    <g className="plan-booth" data-selected={selected || undefined}>
      <rect
        className="plan-booth__box"
        id={`booth-${booth.code}`}
        data-booth={booth.code}
        x={booth.x}
        y={booth.y}
        width={booth.width}
        height={booth.height}
        rx={3}
      />
      <text
        className="plan-booth__code"
        x={booth.x + booth.width / 2}
        y={booth.y + booth.height / 2}
        dy="0.35em"
        textAnchor="middle"
        fontSize={fontSize}
      >
        {booth.code}
      </text>
    </g>
  );
});

const Facilities = memo(function Facilities({ layout }: { layout: FloorLayout }) {
  const t = useT('plans');
  return (
    <g className="floor-plan__facilities">
      {layout.facilities.map((facility) => (
        <g key={facility.id} className="plan-facility" data-facility={facility.id}>
          <MapSymbol kind={facility.kind} x={facility.x} y={facility.y} />
          <text className="plan-facility__label" x={facility.x} y={facility.y + 26} textAnchor="middle">
            {t(facility.label)}
          </text>
        </g>
      ))}
    </g>
  );
});

/** The selection's ring: a steady outline plus a pulse (still for prefers-reduced-motion, see plans.css). */
function Highlight({ rect }: { rect: Rect }) {
  const pad = 5;
  const box = { x: rect.x - pad, y: rect.y - pad, width: rect.width + 2 * pad, height: rect.height + 2 * pad };
  return (
    <g className="plan-highlight">
      <rect className="plan-highlight__pulse" {...box} rx={8} />
      <rect className="plan-highlight__ring" {...box} rx={8} />
    </g>
  );
}
