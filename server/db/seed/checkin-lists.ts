import type { Db } from '../client.ts';
import { checkinLists } from '../schema/index.ts';
import type { BasePassKey } from './passes.ts';

/** Where staff check passes. `passTypes` empty = every pass type is admitted. */
export interface CheckinListSeed {
  name: string;
  description: string;
  passTypes: BasePassKey[];
}

export const CHECKIN_LISTS: CheckinListSeed[] = [
  { name: 'Main entrance', description: 'Entrance to the venue and the expo halls: every pass.', passTypes: [] },
  {
    name: 'Premium lounge',
    description: 'The VIP lounge: Premium Pass holders and the hosting partners’ invited guests.',
    passTypes: ['premium', 'host'],
  },
  {
    name: 'Speakers & VIP dinner',
    description: 'The Speakers & VIP dinner: Premium and Speaker passes.',
    passTypes: ['premium', 'speaker'],
  },
];

/** Inserts the lists with their pass types resolved to ids. */
export async function seedCheckinLists(db: Db, passTypeIds: ReadonlyMap<BasePassKey, number>): Promise<void> {
  await db.insert(checkinLists).values(
    CHECKIN_LISTS.map(({ passTypes, ...list }) => ({
      ...list,
      passTypeIds: passTypes.map((key) => {
        const id = passTypeIds.get(key);
        if (id === undefined) throw new Error(`Seed data is inconsistent: pass type ${key} not found`);
        return id;
      }),
    })),
  );
}
