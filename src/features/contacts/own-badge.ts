import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { type AppDatabase, db } from '../../lib/db.ts';
import { passBarcodeSchema } from '../../shared/contracts/pass-token.ts';
import { decodePassToken } from '../../shared/pass-token.ts';

/*
 * The scanner's own badge id (its `pid`), so scanning it is refused offline with the server's words
 * (server/routes/lead/apply.ts). Read from GET /api/pass/barcode whenever online and kept in the
 * user's Dexie meta (deleted with them on logout) for the hall without signal. An older own badge
 * needs no entry: an upgrade revokes it, and the revocation list refuses it.
 */

export const OWN_BADGE_META = 'ownBadgeId';

/** The user's badge id: fresh from the server (and stored), else the stored one; null without an approved pass. */
export async function loadOwnBadgeId(
  database: AppDatabase,
  userId: string,
  fetchToken: () => Promise<string>,
): Promise<string | null> {
  try {
    const badgeId = decodePassToken(await fetchToken()).payload.pid;
    await database.meta.put({ userId, key: OWN_BADGE_META, value: badgeId });
    return badgeId;
  } catch (error) {
    // 404: no approved pass (a vendor may scan without one), so there is no own badge to refuse.
    if (error instanceof ApiError && error.status === 404) {
      await database.meta.delete([userId, OWN_BADGE_META]);
      return null;
    }
    const cached = (await database.meta.get([userId, OWN_BADGE_META]))?.value;
    return typeof cached === 'string' ? cached : null;
  }
}

/** The own badge id for the scan tab; loaded on either tab, so it is stored before the hall. */
export function useOwnBadgeId(userId: string | null): string | null {
  const [badgeId, setBadgeId] = useState<string | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    loadOwnBadgeId(db, userId, async () => (await api('/api/pass/barcode', passBarcodeSchema)).token)
      .then((id) => live && setBadgeId(id))
      .catch(() => live && setBadgeId(null));
    return () => {
      live = false;
    };
  }, [userId]);
  return badgeId;
}
