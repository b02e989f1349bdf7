import { asc, count, countDistinct, eq } from 'drizzle-orm';
import type { OrganizerCheckinList } from '#shared/contracts/organizer-event.ts';
import type { Db } from '../../db/client.ts';
import { checkinLists, checkins, passTypes } from '../../db/schema/index.ts';

/**
 * The check-in lists with their pass type names and live counts, in id order (one list when `id` is
 * given): what organizers manage (server/routes/organizer/checkin-lists.ts) and, without the pass
 * type ids and the event count, what staff devices download (server/routes/checkin/index.ts).
 */
export async function checkinListsWithCounts(db: Db, id?: number): Promise<OrganizerCheckinList[]> {
  const [lists, types] = await Promise.all([
    db
      .select({
        id: checkinLists.id,
        name: checkinLists.name,
        description: checkinLists.description,
        passTypeIds: checkinLists.passTypeIds,
        validFrom: checkinLists.validFrom,
        validUntil: checkinLists.validUntil,
        checkedIn: countDistinct(checkins.passId),
        duplicates: count(checkins.duplicateOf),
        events: count(checkins.id),
      })
      .from(checkinLists)
      .leftJoin(checkins, eq(checkins.listId, checkinLists.id))
      .where(id === undefined ? undefined : eq(checkinLists.id, id))
      .groupBy(checkinLists.id)
      .orderBy(asc(checkinLists.id)),
    db.select({ id: passTypes.id, name: passTypes.name }).from(passTypes),
  ]);
  const typeNames = new Map(types.map((type) => [type.id, type.name]));
  return lists.map((list) => ({
    ...list,
    passTypes: list.passTypeIds.flatMap((typeId) => typeNames.get(typeId) ?? []),
    validFrom: list.validFrom?.toISOString() ?? null,
    validUntil: list.validUntil?.toISOString() ?? null,
  }));
}
