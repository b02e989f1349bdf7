import { beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_ROOMS } from '../../../server/db/seed/agenda.ts';
import { exhibitorRows } from '../../../server/db/seed/exhibitors.ts';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import type { Exhibitor } from '../../shared/contracts/agenda.ts';
import {
  BOOTH_CODE_MAX,
  boothCodeSize,
  boothGrid,
  boothKey,
  buildFloorLayout,
  findBooth,
  findRoom,
  HALLS,
  hallContains,
  hallOf,
  OTHER_HALL,
  smallestBoothCode,
} from './floor-layout.ts';
import { resolveFloorSelection, selectionRect } from './floor-selection.ts';

/** The seeded exhibitors as GET /api/exhibitors sends them. */
const seeded: Exhibitor[] = exhibitorRows().map((row, i) => ({ ...row, id: i + 1 }));

function exhibitor(id: number, booth: string, hall: string, name = `Exhibitor ${id}`): Exhibitor {
  return { id, name, description: '', category: 'Hosting', hall, booth, website: 'https://example.com' };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('booth layout of the seeded exhibitors', () => {
  const layout = buildFloorLayout(seeded);

  it('places every seeded booth code exactly once, in the hall the exhibitor is in', () => {
    const codes = seeded.map((e) => e.booth);
    expect(new Set(codes).size).toBe(codes.length);
    expect(layout.booths.map((b) => b.code).sort()).toEqual([...codes].sort());
    for (const e of seeded) {
      const booth = findBooth(layout, e.booth);
      expect(booth?.hall, e.booth).toBe(e.hall);
      expect(booth?.exhibitorIds).toEqual([e.id]);
    }
    expect(layout.halls.map((h) => h.name)).not.toContain(OTHER_HALL);
  });

  it('gives every booth its own place inside its hall, clear of rooms and other booths', () => {
    const { booths } = layout;
    for (const booth of booths) {
      const hall = HALLS.find((h) => h.name === booth.hall);
      expect(hall && hallContains(hall, booth), booth.code).toBe(true);
      for (const room of layout.rooms) expect(overlaps(booth, room), `${booth.code} / ${room.name}`).toBe(false);
    }
    for (let i = 0; i < booths.length; i++) {
      for (let j = i + 1; j < booths.length; j++) {
        const [a, b] = [booths[i], booths[j]];
        if (a && b) expect(overlaps(a, b), `${a.code} / ${b.code}`).toBe(false);
      }
    }
  });

  it('keeps the service markers off booths and rooms', () => {
    for (const facility of layout.facilities) {
      const marker = { x: facility.x - 13, y: facility.y - 13, width: 26, height: 26 };
      for (const booth of layout.booths) expect(overlaps(marker, booth), `${facility.id} / ${booth.code}`).toBe(false);
      for (const room of layout.rooms) expect(overlaps(marker, room), `${facility.id} / ${room.name}`).toBe(false);
    }
  });

  it('is the same whatever order the exhibitors come in', () => {
    const shuffled = [...seeded].reverse();
    expect(
      buildFloorLayout(shuffled)
        .booths.map((b) => [b.code, b.x, b.y])
        .sort(),
    ).toEqual(layout.booths.map((b) => [b.code, b.x, b.y]).sort());
  });

  it('keeps booth numbers in order, leaving gaps where numbers are missing', () => {
    const layout2 = buildFloorLayout([
      exhibitor(1, 'A01', 'Hall A'),
      exhibitor(2, 'A02', 'Hall A'),
      exhibitor(3, 'A04', 'Hall A'),
    ]);
    const [a1, a2, a4] = ['A01', 'A02', 'A04'].map((code) => findBooth(layout2, code));
    expect(a1 && a2 && a4).toBeTruthy();
    // Slots 0, 1 and 3 of a four-slot grid: A04 is not where A03 would be.
    const grid = boothGrid(HALLS[1]?.boothArea ?? { x: 0, y: 0, width: 1, height: 1 }, 4);
    expect([a1?.x, a2?.x, a4?.x]).toEqual([grid[0]?.x, grid[1]?.x, grid[3]?.x]);
  });
});

describe('any booth code is placed', () => {
  it('uses the booth prefix when the hall is unknown, and an extra area when both are', () => {
    const layout = buildFloorLayout([
      exhibitor(1, 'B07', 'Hall 9'),
      exhibitor(2, 'Z1', 'Outdoor'),
      exhibitor(3, 'Pavilion', 'Garden'),
      exhibitor(4, 'dm03', 'dome'),
    ]);
    expect(findBooth(layout, 'B07')?.hall).toBe('Hall B');
    expect(findBooth(layout, 'DM03')?.hall).toBe('Dome');
    expect(findBooth(layout, 'Z1')?.hall).toBe(OTHER_HALL);
    expect(findBooth(layout, 'PAVILION')?.hall).toBe(OTHER_HALL);
    const other = layout.halls.find((h) => h.name === OTHER_HALL);
    expect(other).toBeDefined();
    for (const booth of layout.booths) {
      const hall = layout.halls.find((h) => h.name === booth.hall);
      expect(hall && hallContains(hall, booth), booth.code).toBe(true);
    }
    expect(layout.height).toBeGreaterThan((other?.bounds.y ?? 0) + (other?.bounds.height ?? 0));
  });

  it('puts exhibitors sharing a booth on one booth', () => {
    const layout = buildFloorLayout([exhibitor(5, 'C3', 'Hall C'), exhibitor(2, 'C03', 'Hall C')]);
    expect(layout.booths).toHaveLength(1);
    expect(layout.booths[0]?.exhibitorIds).toEqual([2, 5]);
  });

  it('still lays out very sparse numbers without tiny booths', () => {
    const layout = buildFloorLayout([exhibitor(1, 'A1', 'Hall A'), exhibitor(2, 'A999', 'Hall A')]);
    expect(layout.booths).toHaveLength(2);
    expect(layout.booths[0]?.width).toBeGreaterThan(40);
  });

  it('reads booth codes loosely', () => {
    expect(boothKey('a 07')).toBe('A7');
    expect(boothKey(' DM01 ')).toBe('DM1');
    expect(boothKey('A-12')).toBe('A12');
    expect(hallOf({ hall: 'hall d', booth: 'X1' })).toBe('Hall D');
  });
});

describe('rooms', () => {
  it('has every agenda room on the plan', () => {
    for (const room of AGENDA_ROOMS) expect(findRoom(room.name)?.name, room.name).toBe(room.name);
  });

  it('finds rooms regardless of case and spacing, and refuses unknown or ambiguous names', () => {
    expect(findRoom('colosseo')?.name).toBe('Colosseo');
    expect(findRoom('  silver   star stage ')?.name).toBe('Silver Star Stage');
    expect(findRoom('Europa')?.name).toBe('Europa Hall');
    expect(findRoom('Workshop')).toBeUndefined();
    expect(findRoom('Ballroom')).toBeUndefined();
    expect(findRoom('')).toBeUndefined();
  });

  it('keeps rooms inside the building and apart from each other', () => {
    const layout = buildFloorLayout([]);
    for (const room of layout.rooms) {
      expect(room.x >= 0 && room.y >= 0 && room.x + room.width <= layout.width && room.y + room.height <= layout.height).toBe(
        true,
      );
      for (const other of layout.rooms) if (other !== room) expect(overlaps(room, other)).toBe(false);
    }
  });
});

describe('selection from the address', () => {
  // A link to nothing says so from the plans catalogue: the English one, as the app shows it.
  beforeAll(async () => {
    await loadCatalogue('en', 'plans');
    i18n.activate('en');
  });

  const layout = buildFloorLayout(seeded);
  const params = (query: string) => new URLSearchParams(query);
  const anchor = seeded.find((e) => e.booth === 'A01');

  it('selects an exhibitor by id and its booth by code', () => {
    expect(resolveFloorSelection(params(`exhibitor=${anchor?.id}`), layout, seeded)).toMatchObject({
      kind: 'booth',
      booth: { code: 'A01', hall: 'Hall A' },
      exhibitors: [{ name: 'Nordlicht Hosting GmbH' }],
    });
    expect(resolveFloorSelection(params('booth=a1'), layout, seeded)).toMatchObject({ kind: 'booth', booth: { code: 'A01' } });
  });

  it('selects a room without exhibitors, and waits for the exhibitors for booths', () => {
    const room = resolveFloorSelection(params('room=Colosseo'), layout, null);
    expect(room).toMatchObject({ kind: 'room', room: { name: 'Colosseo' } });
    expect(selectionRect(room)).toMatchObject({ width: expect.any(Number) });
    expect(resolveFloorSelection(params('booth=A01'), layout, null)).toBeNull();
  });

  it('says when a link points at nothing', () => {
    expect(resolveFloorSelection(params('booth=Q77'), layout, seeded)).toEqual({
      kind: 'missing',
      message: 'Booth Q77 is not on the floor plan.',
    });
    expect(resolveFloorSelection(params('exhibitor=abc'), layout, seeded)).toMatchObject({ kind: 'missing' });
    expect(resolveFloorSelection(params('exhibitor=99999'), layout, seeded)).toMatchObject({ kind: 'missing' });
    expect(resolveFloorSelection(params('room=Ballroom'), layout, seeded)).toMatchObject({ kind: 'missing' });
    expect(resolveFloorSelection(params(''), layout, seeded)).toBeNull();
  });
});

describe('booth numbers', () => {
  it('fill the booth: as large as fits its width and height, up to the cap', () => {
    expect(boothCodeSize({ code: 'A01', width: 42, height: 35.8 })).toBe(BOOTH_CODE_MAX);
    expect(boothCodeSize({ code: 'A01', width: 24, height: 40 })).toBeCloseTo(18 / 1.86);
    expect(boothCodeSize({ code: 'DM01', width: 62, height: 20 })).toBeCloseTo(10);
    expect(boothCodeSize({ code: 'X', width: 2, height: 2 })).toBe(1);
  });

  it('are all readable at 11 px from a scale of 0.69 on the seeded plan', () => {
    const layout = buildFloorLayout(seeded);
    expect(smallestBoothCode(layout.booths)).toBe(BOOTH_CODE_MAX);
    expect(11 / smallestBoothCode(layout.booths)).toBeLessThan(0.7);
    expect(smallestBoothCode([])).toBe(BOOTH_CODE_MAX);
  });
});
