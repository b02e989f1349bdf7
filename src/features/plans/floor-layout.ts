import type { Rect } from '../../components/ui/pan-zoom.math.ts';
import type { Exhibitor } from '../../shared/contracts/agenda.ts';
import { normalizeText, type PlansKey, type PlansText } from './plan-text.ts';

/*
 * The floor plan of the Europa-Park Confertainment Center, in plan units (about 10 cm each):
 * the Dome, the conference wing, the foyer and halls A to D. Walls, stages and rooms are fixed;
 * booths are laid out from the exhibitor list, so any booth code the API sends gets a place.
 */

export const FLOOR_WIDTH = 1000;
const FLOOR_BASE_HEIGHT = 1330;

export interface Hall {
  name: string;
  /** Booth codes of this hall start with it (DM01, A12...). */
  prefix: string;
  shape: 'circle' | 'rect';
  /** The outline's bounding box (for a circle: the square around it). */
  bounds: Rect;
  /** Where booths go; inside the outline, clear of the stage. */
  boothArea: Rect;
}

export interface Room extends Rect {
  /** The name the agenda uses (server/db/seed/agenda.ts AGENDA_ROOMS). */
  name: string;
  /** Where to find it, for the room card (plans catalogue key). */
  where: PlansKey;
}

export type FacilityKind = 'entrance' | 'registration' | 'info' | 'cloakroom' | 'catering' | 'toilets' | 'first-aid';

export interface Facility {
  id: string;
  kind: FacilityKind;
  /** Plans catalogue keys of its name and its note. */
  label: PlansKey;
  note: PlansKey;
  x: number;
  y: number;
}

export interface Booth extends Rect {
  code: string;
  hall: string;
  /** Exhibitors sharing this booth, by id, in id order. */
  exhibitorIds: number[];
}

export interface FloorLayout {
  width: number;
  height: number;
  halls: Hall[];
  rooms: Room[];
  facilities: Facility[];
  booths: Booth[];
}

/** Booths whose hall and prefix match no hall of the building are shown in an extra area. */
export const OTHER_HALL = 'Additional booths';

/** The halls' names on screen; `Hall.name` stays the one the exhibitor list uses. */
const HALL_LABELS: ReadonlyMap<string, PlansKey> = new Map<string, PlansKey>([
  ['Dome', 'hallDome'],
  ['Hall A', 'hallA'],
  ['Hall B', 'hallB'],
  ['Hall C', 'hallC'],
  ['Hall D', 'hallD'],
  [OTHER_HALL, 'hallOther'],
]);

/** A hall's name in the active language: the building's halls translated, any other name (from the exhibitor list) as it is. */
export function hallLabel(name: string, t: PlansText): string {
  const key = HALL_LABELS.get(name);
  return key ? t(key) : name;
}

export const HALLS: Hall[] = [
  {
    name: 'Dome',
    prefix: 'DM',
    shape: 'circle',
    bounds: { x: 160, y: 50, width: 400, height: 400 },
    boothArea: { x: 230, y: 160, width: 260, height: 230 },
  },
  {
    name: 'Hall A',
    prefix: 'A',
    shape: 'rect',
    bounds: { x: 40, y: 590, width: 450, height: 340 },
    boothArea: { x: 60, y: 685, width: 410, height: 215 },
  },
  {
    name: 'Hall B',
    prefix: 'B',
    shape: 'rect',
    bounds: { x: 510, y: 590, width: 450, height: 340 },
    boothArea: { x: 530, y: 685, width: 410, height: 215 },
  },
  {
    name: 'Hall C',
    prefix: 'C',
    shape: 'rect',
    bounds: { x: 40, y: 950, width: 450, height: 340 },
    boothArea: { x: 60, y: 1045, width: 410, height: 215 },
  },
  {
    name: 'Hall D',
    prefix: 'D',
    shape: 'rect',
    bounds: { x: 510, y: 950, width: 450, height: 340 },
    boothArea: { x: 530, y: 1045, width: 410, height: 215 },
  },
];

/** The conference wing next to the Dome and the foyer that joins everything (drawn, not halls). */
export const CONFERENCE_WING: Rect = { x: 600, y: 50, width: 360, height: 400 };
export const FOYER: Rect = { x: 40, y: 470, width: 920, height: 100 };

export const ROOMS: Room[] = [
  { name: 'Dome', where: 'roomDomeWhere', x: 290, y: 72, width: 140, height: 68 },
  { name: 'Colosseo', where: 'roomColosseoWhere', x: 610, y: 60, width: 340, height: 110 },
  { name: 'Europa Hall', where: 'roomEuropaHallWhere', x: 610, y: 180, width: 340, height: 110 },
  { name: 'Workshop 1', where: 'roomWorkshop1Where', x: 610, y: 300, width: 165, height: 140 },
  { name: 'Workshop 2', where: 'roomWorkshop2Where', x: 785, y: 300, width: 165, height: 140 },
  { name: 'Arena', where: 'roomArenaWhere', x: 60, y: 605, width: 410, height: 60 },
  { name: 'Globe Stage', where: 'roomGlobeStageWhere', x: 530, y: 605, width: 410, height: 60 },
  { name: 'Silver Star Stage', where: 'roomSilverStarStageWhere', x: 60, y: 965, width: 410, height: 60 },
  { name: 'Teatro', where: 'roomTeatroWhere', x: 530, y: 965, width: 410, height: 60 },
];

export const FACILITIES: Facility[] = [
  { id: 'main-entrance', kind: 'entrance', label: 'facilityMainEntrance', note: 'facilityMainEntranceNote', x: 40, y: 520 },
  { id: 'dome-entrance', kind: 'entrance', label: 'facilityDomeEntrance', note: 'facilityDomeEntranceNote', x: 360, y: 50 },
  { id: 'entrance-c', kind: 'entrance', label: 'facilityEntranceC', note: 'facilityEntranceCNote', x: 265, y: 1290 },
  { id: 'entrance-d', kind: 'entrance', label: 'facilityEntranceD', note: 'facilityEntranceDNote', x: 735, y: 1290 },
  { id: 'registration', kind: 'registration', label: 'kindRegistration', note: 'facilityRegistrationNote', x: 120, y: 520 },
  { id: 'cloakroom', kind: 'cloakroom', label: 'kindCloakroom', note: 'facilityCloakroomNote', x: 230, y: 520 },
  { id: 'info', kind: 'info', label: 'facilityInfo', note: 'facilityInfoNote', x: 500, y: 520 },
  { id: 'catering-foyer', kind: 'catering', label: 'kindCatering', note: 'facilityCateringFoyerNote', x: 700, y: 520 },
  { id: 'toilets-foyer', kind: 'toilets', label: 'kindToilets', note: 'facilityToiletsFoyerNote', x: 880, y: 520 },
  { id: 'first-aid', kind: 'first-aid', label: 'kindFirstAid', note: 'facilityFirstAidNote', x: 95, y: 300 },
  { id: 'toilets-dome', kind: 'toilets', label: 'kindToilets', note: 'facilityToiletsDomeNote', x: 95, y: 390 },
  { id: 'coffee-bar', kind: 'catering', label: 'facilityCoffeeBar', note: 'facilityCoffeeBarNote', x: 500, y: 760 },
  { id: 'toilets-halls', kind: 'toilets', label: 'kindToilets', note: 'facilityToiletsHallsNote', x: 500, y: 1120 },
];

/** Plans catalogue keys of the kinds of place, for cards and the legend. */
export const FACILITY_LABELS: Record<FacilityKind, PlansKey> = {
  entrance: 'kindEntrance',
  registration: 'kindRegistration',
  info: 'kindInfo',
  cloakroom: 'kindCloakroom',
  catering: 'kindCatering',
  toilets: 'kindToilets',
  'first-aid': 'kindFirstAid',
};

// ------------------------------------------------------------------ booth codes

const BOOTH_CODE = /^([A-Z]+)\s*-?\s*(\d+)$/;

/** 'a 7', 'A07' and 'A7' are one booth: letters plus the number without leading zeros. */
export function boothKey(code: string): string {
  const compact = code.trim().toUpperCase();
  const match = BOOTH_CODE.exec(compact);
  return match ? `${match[1]}${Number(match[2])}` : compact.replace(/\s+/g, ' ');
}

function parseBooth(code: string): { prefix: string; number: number } | null {
  const match = BOOTH_CODE.exec(code.trim().toUpperCase());
  return match?.[1] && match[2] ? { prefix: match[1], number: Number(match[2]) } : null;
}

/** The hall an exhibitor stands in: its hall if the building has it, else the one its booth prefix names. */
export function hallOf(exhibitor: Pick<Exhibitor, 'hall' | 'booth'>): string {
  const byName = HALLS.find((hall) => normalizeText(hall.name) === normalizeText(exhibitor.hall));
  if (byName) return byName.name;
  const prefix = parseBooth(exhibitor.booth)?.prefix;
  return HALLS.find((hall) => hall.prefix === prefix)?.name ?? OTHER_HALL;
}

// ------------------------------------------------------------------ booth grid

const BOOTH_GAP = 4;
const AISLE = 14;

/**
 * `count` equal booth rectangles in rows inside `area`: rows stand back to back in pairs with an
 * aisle between pairs, as on a show floor. The column count giving the biggest booths wins (booths
 * no wider than 1.5 and no taller than 1.2 times their other side).
 */
export function boothGrid(area: Rect, count: number): Rect[] {
  if (count <= 0) return [];
  let best = { cols: 1, rows: count, width: 0, height: 0 };
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const pairs = Math.ceil(rows / 2);
    const cellWidth = (area.width - (cols - 1) * BOOTH_GAP) / cols;
    const cellHeight = (area.height - (rows - pairs) * BOOTH_GAP - (pairs - 1) * AISLE) / rows;
    if (cellWidth <= 0 || cellHeight <= 0) continue;
    const width = Math.min(cellWidth, cellHeight * 1.5);
    const height = Math.min(cellHeight, cellWidth * 1.2);
    if (width * height > best.width * best.height) best = { cols, rows, width, height };
  }
  const { cols, rows, width, height } = best;
  const pairs = Math.ceil(rows / 2);
  const gridWidth = cols * width + (cols - 1) * BOOTH_GAP;
  const gridHeight = rows * height + (rows - pairs) * BOOTH_GAP + (pairs - 1) * AISLE;
  const left = area.x + (area.width - gridWidth) / 2;
  const top = area.y + (area.height - gridHeight) / 2;
  const rects: Rect[] = [];
  for (let i = 0; i < count; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const pair = Math.floor(row / 2);
    rects.push({
      x: left + col * (width + BOOTH_GAP),
      y: top + row * height + (row - pair) * BOOTH_GAP + pair * AISLE,
      width,
      height,
    });
  }
  return rects;
}

/**
 * Slot of each booth in its hall's grid. Numbers keep their place (A12 is the twelfth slot, so a
 * gap in the numbering stays a gap, as on the printed plan) unless the numbers are so sparse that
 * the booths would shrink; then booths simply follow one another. Codes without a number go last.
 */
function slotsOf(codes: string[]): { slots: Map<string, number>; count: number } {
  const numbered = codes
    .map((code) => ({ code, number: parseBooth(code)?.number }))
    .filter((b): b is { code: string; number: number } => b.number !== undefined && b.number > 0)
    .sort((a, b) => a.number - b.number || a.code.localeCompare(b.code));
  const others = codes.filter((code) => !numbered.some((b) => b.code === code)).sort((a, b) => a.localeCompare(b));
  const highest = numbered.at(-1)?.number ?? 0;
  const byNumber = highest <= numbered.length * 1.5 + 10 && new Set(numbered.map((b) => b.number)).size === numbered.length;
  const slots = new Map<string, number>();
  numbered.forEach((b, i) => {
    slots.set(b.code, byNumber ? b.number - 1 : i);
  });
  const first = byNumber ? highest : numbered.length;
  others.forEach((code, i) => {
    slots.set(code, first + i);
  });
  return { slots, count: first + others.length };
}

/** The extra area for booths of unknown halls, below the building. */
function otherHall(count: number): Hall {
  const rows = Math.max(1, Math.ceil(count / 16));
  const height = 80 + rows * 46;
  return {
    name: OTHER_HALL,
    prefix: '',
    shape: 'rect',
    bounds: { x: 40, y: FLOOR_BASE_HEIGHT + 30, width: 920, height },
    boothArea: { x: 60, y: FLOOR_BASE_HEIGHT + 80, width: 880, height: height - 70 },
  };
}

/** The whole floor plan with a booth for every booth code among the exhibitors. */
export function buildFloorLayout(exhibitors: readonly Exhibitor[]): FloorLayout {
  // One booth per code (exhibitors may share one); the first exhibitor by id decides its hall.
  const byKey = new Map<string, { code: string; hall: string; exhibitorIds: number[] }>();
  for (const exhibitor of [...exhibitors].sort((a, b) => a.id - b.id)) {
    const code = exhibitor.booth.trim().toUpperCase();
    if (!code) continue;
    const key = boothKey(code);
    const booth = byKey.get(key);
    if (booth) booth.exhibitorIds.push(exhibitor.id);
    else byKey.set(key, { code, hall: hallOf(exhibitor), exhibitorIds: [exhibitor.id] });
  }

  const codesByHall = new Map<string, string[]>();
  for (const booth of byKey.values()) codesByHall.set(booth.hall, [...(codesByHall.get(booth.hall) ?? []), booth.code]);

  const otherCodes = codesByHall.get(OTHER_HALL) ?? [];
  const halls = otherCodes.length > 0 ? [...HALLS, otherHall(otherCodes.length)] : HALLS;
  const booths: Booth[] = [];
  for (const hall of halls) {
    const codes = codesByHall.get(hall.name) ?? [];
    const { slots, count } = slotsOf(codes);
    const grid = boothGrid(hall.boothArea, count);
    for (const code of codes) {
      const rect = grid[slots.get(code) ?? -1];
      const booth = byKey.get(boothKey(code));
      if (rect && booth) booths.push({ ...rect, code, hall: hall.name, exhibitorIds: booth.exhibitorIds });
    }
  }

  const last = halls.at(-1);
  const height = last && last.name === OTHER_HALL ? last.bounds.y + last.bounds.height + 40 : FLOOR_BASE_HEIGHT;
  return { width: FLOOR_WIDTH, height, halls, rooms: ROOMS, facilities: FACILITIES, booths };
}

// ------------------------------------------------------------------ look-ups

export function findBooth(layout: FloorLayout, code: string): Booth | undefined {
  const key = boothKey(code);
  return layout.booths.find((booth) => boothKey(booth.code) === key);
}

/** A room by the agenda's name, forgiving case and accents; a unique partial match also counts. */
export function findRoom(name: string, rooms: readonly Room[] = ROOMS): Room | undefined {
  const wanted = normalizeText(name);
  if (!wanted) return undefined;
  const exact = rooms.find((room) => normalizeText(room.name) === wanted);
  if (exact) return exact;
  const partial = rooms.filter((room) => normalizeText(room.name).includes(wanted));
  return partial.length === 1 ? partial[0] : undefined;
}

/** True when a rectangle lies inside the hall's outline (a circle for the Dome). */
export function hallContains(hall: Hall, rect: Rect): boolean {
  const { bounds } = hall;
  if (hall.shape === 'rect') {
    return (
      rect.x >= bounds.x &&
      rect.y >= bounds.y &&
      rect.x + rect.width <= bounds.x + bounds.width &&
      rect.y + rect.height <= bounds.y + bounds.height
    );
  }
  const r = bounds.width / 2;
  const cx = bounds.x + r;
  const cy = bounds.y + r;
  const corners = [
    [rect.x, rect.y],
    [rect.x + rect.width, rect.y],
    [rect.x, rect.y + rect.height],
    [rect.x + rect.width, rect.y + rect.height],
  ] as const;
  return corners.every(([x, y]) => Math.hypot(x - cx, y - cy) <= r);
}

/** The largest booth numbers are drawn at (plan units): as tall as a room's name. */
export const BOOTH_CODE_MAX = 16;

/**
 * The font size (plan units) of a booth's number: as large as fits inside the booth with a little
 * room around it (a character is about 0.62 em wide in the plan's semibold sans), up to BOOTH_CODE_MAX.
 */
export function boothCodeSize(booth: Pick<Booth, 'code' | 'width' | 'height'>): number {
  const chars = Math.max(booth.code.length, 1);
  return Math.max(1, Math.min(BOOTH_CODE_MAX, (booth.width - 6) / (chars * 0.62), booth.height * 0.5));
}

/** The smallest booth number on the plan (plan units): booth numbers show once that one is readable. */
export function smallestBoothCode(booths: readonly Booth[]): number {
  let smallest = BOOTH_CODE_MAX;
  for (const booth of booths) smallest = Math.min(smallest, boothCodeSize(booth));
  return smallest;
}
