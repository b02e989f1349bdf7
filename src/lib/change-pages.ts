/*
 * The device side of the incremental downloads (issue 24, src/shared/contracts/changes.ts): ask
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
 * Fetches pages from `cursor` (undefined: from the start) until one is complete, handing each to
 * `onPage` before the next is asked for (so an interrupted download keeps what it stored). Returns
 * the cursor after the last page taken.
 */
export async function pullChangePages<Page extends ChangePageLike>(
  cursor: string | undefined,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  onPage: (page: Page, asked: string | undefined) => Promise<void> | void,
  maxPages = MAX_PAGES,
): Promise<string | undefined> {
  let next = cursor;
  for (let count = 0; count < maxPages; count++) {
    const page = await fetchPage(next);
    await onPage(page, next);
    next = page.cursor;
    if (page.complete) break;
  }
  return next;
}
