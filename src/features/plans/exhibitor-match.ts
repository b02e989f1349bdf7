import type { Exhibitor } from '../../shared/contracts/agenda.ts';
import { boothKey } from './floor-layout.ts';
import { normalizeText } from './plan-text.ts';

export interface ExhibitorMatches {
  /** Best first, at most `limit`. */
  items: Exhibitor[];
  total: number;
}

/**
 * Exhibitors matching what was typed: a booth code ('A12', 'a 12'), a name or part of one, a
 * category, or a hall by its name ('Hall C', 'Dome'). Every word must match the name, category or
 * booth. The booth itself ranks first, then names that start with the query, names with a word
 * starting with it, other name matches, and category or hall matches.
 */
export function matchExhibitors(exhibitors: readonly Exhibitor[], query: string, limit = 20): ExhibitorMatches {
  const wanted = normalizeText(query);
  if (!wanted) return { items: [], total: 0 };
  const words = wanted.split(' ');
  const wantedBooth = boothKey(query);

  const ranked: { exhibitor: Exhibitor; rank: number }[] = [];
  for (const exhibitor of exhibitors) {
    const name = normalizeText(exhibitor.name);
    const booth = normalizeText(exhibitor.booth);
    const category = normalizeText(exhibitor.category);
    const inHall = normalizeText(exhibitor.hall) === wanted;
    const everyWord = words.every(
      (word) => name.includes(word) || category.includes(word) || booth.startsWith(word) || boothKey(word) === boothKey(booth),
    );
    if (!everyWord && !inHall) continue;
    let rank = 4;
    if (boothKey(exhibitor.booth) === wantedBooth) rank = 0;
    else if (name.startsWith(wanted)) rank = 1;
    else if (name.split(' ').some((part) => part.startsWith(words[0] ?? ''))) rank = 2;
    else if (name.includes(wanted)) rank = 3;
    ranked.push({ exhibitor, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.exhibitor.name.localeCompare(b.exhibitor.name));
  return { items: ranked.slice(0, limit).map((r) => r.exhibitor), total: ranked.length };
}
