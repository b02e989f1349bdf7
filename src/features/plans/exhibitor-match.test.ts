import { describe, expect, it } from 'vitest';
import { exhibitorRows } from '../../../server/db/seed/exhibitors.ts';
import type { Exhibitor } from '../../shared/contracts/agenda.ts';
import { matchExhibitors } from './exhibitor-match.ts';

const seeded: Exhibitor[] = exhibitorRows().map((row, i) => ({ ...row, id: i + 1 }));

function exhibitor(id: number, name: string, booth: string, category = 'Hosting', hall = 'Hall A'): Exhibitor {
  return { id, name, description: '', category, hall, booth, website: '' };
}

const sample = [
  exhibitor(1, 'Nordlicht Hosting GmbH', 'A01'),
  exhibitor(2, 'Rheinwerk Cloud AG', 'DM01', 'Cloud Infrastructure', 'Dome'),
  exhibitor(3, 'Cloudnorth Security', 'B12', 'Security', 'Hall B'),
  exhibitor(4, 'Blue Krønasår Data', 'A12', 'Storage & Backup'),
  exhibitor(5, 'Acme Networks', 'C04', 'Networking', 'Hall C'),
];

const names = (query: string) => matchExhibitors(sample, query).items.map((e) => e.name);

describe('matchExhibitors', () => {
  it('finds a booth by its code first, however it is typed', () => {
    expect(names('A12')[0]).toBe('Blue Krønasår Data');
    expect(names('a12')[0]).toBe('Blue Krønasår Data');
    expect(names('dm1')).toEqual(['Rheinwerk Cloud AG']);
  });

  it('ranks names starting with the query before other name matches', () => {
    expect(names('cloud')).toEqual(['Cloudnorth Security', 'Rheinwerk Cloud AG']);
    expect(names('north')).toEqual(['Cloudnorth Security']);
  });

  it('matches categories and halls, ignoring case and accents', () => {
    expect(names('security')).toEqual(['Cloudnorth Security']);
    expect(names('networking')).toEqual(['Acme Networks']);
    expect(names('kronasar')).toEqual(['Blue Krønasår Data']);
    expect(names('hall c')).toEqual(['Acme Networks']);
  });

  it('needs every word to match', () => {
    expect(names('cloud security')).toEqual(['Cloudnorth Security']);
    expect(names('cloud banana')).toEqual([]);
  });

  it('returns nothing for an empty query and counts what it leaves off', () => {
    expect(matchExhibitors(sample, '   ')).toEqual({ items: [], total: 0 });
    const inHallA = seeded.filter((e) => e.hall === 'Hall A');
    const all = matchExhibitors(seeded, 'Hall A', 5);
    expect(all.items).toHaveLength(5);
    expect(all.total).toBe(inHallA.length);
  });

  it('finds every seeded exhibitor by its booth code and by its full name', () => {
    for (const e of seeded) {
      expect(matchExhibitors(seeded, e.booth).items[0]?.id, e.booth).toBe(e.id);
      expect(
        matchExhibitors(seeded, e.name).items.map((m) => m.id),
        e.name,
      ).toContain(e.id);
    }
  });
});
