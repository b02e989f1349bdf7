/**
 * The service worker's word to the open pages that public data it keeps (the agenda, exhibitors,
 * news...) changed on the server: it answered a page from its cache, revalidated in the background
 * and got something different. The page reads it again (now from the fresh copy). Shared by the
 * worker (sw/public-data-updates.ts) and the pages (src/lib/public-data-updates.ts).
 */
export const PUBLIC_DATA_UPDATED = 'PUBLIC_DATA_UPDATED';

export interface PublicDataUpdatedMessage {
  type: typeof PUBLIC_DATA_UPDATED;
  /** The path of the changed answer, e.g. /api/agenda. */
  path: string;
}

/** The changed path when `data` is this message, otherwise null. */
export function readPublicDataUpdate(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { type, path } = data as Record<string, unknown>;
  return type === PUBLIC_DATA_UPDATED && typeof path === 'string' ? path : null;
}

/** Whether a change of `changedPath` concerns a page that reads `watchedPath` (trailing slashes aside). */
export function concernsPath(changedPath: string, watchedPath: string): boolean {
  const strip = (path: string) => path.replace(/\/+$/, '');
  return strip(changedPath) === strip(watchedPath);
}
