// Incremental downloads (docs/architecture.md §5): check-in events of a list, revocations and a
// scanner's leads come in pages ordered by an opaque cursor that only ever advances. A device keeps
// the cursor of its last page and asks again from it; a page boundary inside a burst of changes
// loses and repeats nothing (server/services/sync/change-cursor.ts).
import { z } from 'zod/mini';

/** The most rows one page holds (and the default page size); ask again with `cursor` until `complete`. */
export const CHANGES_PAGE_MAX = 1000;

/**
 * What every page carries besides its rows: the cursor to send with the next request (the same one
 * when nothing changed) and whether the device now has every change. Not complete: ask again, at once
 * after a full page, a moment later after an empty one (changes still being written held it back).
 */
export const changePageFields = {
  cursor: z.string(),
  complete: z.boolean(),
};
