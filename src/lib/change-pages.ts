/*
 * The device side of the incremental downloads (src/shared/contracts/changes.ts): ask
 * from the cursor kept of the last download, take each page as it comes, and ask again with the
 * page's cursor until one says `complete`. Check-in events, revocations and the lead list use it;
 * what a page does to the device's copy (merge, add, replace) is theirs.
 */

export interface ChangePageLike {
  cursor: string;
  complete: boolean;
}

/** A runaway guard: a download with more pages than this continues on the next call. */
export const MAX_PAGES = 100;
/**
 * An empty page that is not complete: changes still being written on the server hold it back for
 * a moment. Asked again after these pauses, then left to the next download.
 */
export const HELD_BACK_PAUSES_MS = [150, 400, 1000];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Fetches pages from `cursor` (undefined: from the start) until one is complete, handing each to
 * `onPage` before the next is asked for (so an interrupted download keeps what it stored). Returns
 * the cursor after the last page taken.
 */
export async function pullChangePages<Page extends ChangePageLike>(
  cursor: string | undefined,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  onPage: (page: Page, asked: string | undefined) => Promise<void> | void,
  { maxPages = MAX_PAGES, pauses = HELD_BACK_PAUSES_MS, wait = pause } = {},
): Promise<string | undefined> {
  let next = cursor;
  let held = 0;
  for (let count = 0; count < maxPages; count++) {
    const page = await fetchPage(next);
    await onPage(page, next);
    const moved = page.cursor !== next;
    next = page.cursor;
    if (page.complete) break;
    if (moved) held = 0;
    else {
      const ms = pauses[held++];
      if (ms === undefined) break;
      await wait(ms);
    }
  }
  return next;
}
