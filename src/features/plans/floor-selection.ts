import type { Exhibitor } from '../../shared/contracts/agenda.ts';
import { type Booth, type Facility, type FloorLayout, findBooth, findRoom, type Room } from './floor-layout.ts';
import { type PlansText, plansText } from './plan-text.ts';

/**
 * What the floor plan highlights, read from the address so every state can be linked to:
 * ?exhibitor=<id>, ?booth=A12, ?room=Colosseo (the agenda links rooms this way), ?facility=<id>.
 */
export type FloorSelection =
  | { kind: 'booth'; booth: Booth; exhibitors: Exhibitor[] }
  | { kind: 'room'; room: Room }
  | { kind: 'facility'; facility: Facility }
  | { kind: 'missing'; message: string };

export const FLOOR_PARAMS = ['exhibitor', 'booth', 'room', 'facility'] as const;

function atBooth(booth: Booth, exhibitors: readonly Exhibitor[], first?: Exhibitor): Exhibitor[] {
  const here = booth.exhibitorIds
    .map((id) => exhibitors.find((e) => e.id === id))
    .filter((e): e is Exhibitor => e !== undefined && e.id !== first?.id);
  return first ? [first, ...here] : here;
}

/**
 * The selection for the current address. Booths and exhibitors need the exhibitor list: while it
 * is loading or could not be loaded there is nothing to resolve yet (null), and the page says why.
 * A link to nothing says so in the language of `t` (the active one by default).
 */
export function resolveFloorSelection(
  params: URLSearchParams,
  layout: FloorLayout,
  exhibitors: readonly Exhibitor[] | null,
  t: PlansText = plansText,
): FloorSelection | null {
  const exhibitorParam = params.get('exhibitor');
  if (exhibitorParam !== null) {
    if (!exhibitors) return null;
    const id = /^\d{1,10}$/.test(exhibitorParam.trim()) ? Number(exhibitorParam) : Number.NaN;
    const exhibitor = exhibitors.find((e) => e.id === id);
    const booth = exhibitor ? findBooth(layout, exhibitor.booth) : undefined;
    if (!exhibitor || !booth) return { kind: 'missing', message: t('exhibitorMissing') };
    return { kind: 'booth', booth, exhibitors: atBooth(booth, exhibitors, exhibitor) };
  }

  const boothParam = params.get('booth');
  if (boothParam !== null) {
    if (!exhibitors) return null;
    const booth = findBooth(layout, boothParam);
    if (!booth) return { kind: 'missing', message: t('boothMissing', { booth: boothParam.trim().toUpperCase() }) };
    return { kind: 'booth', booth, exhibitors: atBooth(booth, exhibitors) };
  }

  const roomParam = params.get('room');
  if (roomParam !== null) {
    const room = findRoom(roomParam, layout.rooms);
    return room ? { kind: 'room', room } : { kind: 'missing', message: t('roomMissing', { room: roomParam }) };
  }

  const facilityParam = params.get('facility');
  if (facilityParam !== null) {
    const facility = layout.facilities.find((f) => f.id === facilityParam);
    return facility ? { kind: 'facility', facility } : { kind: 'missing', message: t('floorPlaceMissing') };
  }
  return null;
}

/** The plan rectangle to bring into view for a selection. */
export function selectionRect(selection: FloorSelection | null): { x: number; y: number; width: number; height: number } | null {
  if (!selection) return null;
  switch (selection.kind) {
    case 'booth':
      return { x: selection.booth.x, y: selection.booth.y, width: selection.booth.width, height: selection.booth.height };
    case 'room':
      return { x: selection.room.x, y: selection.room.y, width: selection.room.width, height: selection.room.height };
    case 'facility':
      return { x: selection.facility.x - 40, y: selection.facility.y - 40, width: 80, height: 80 };
    default:
      return null;
  }
}
