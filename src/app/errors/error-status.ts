import { translate } from '../../i18n/i18n.ts';

function asErrorStatus(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : null;
}

/**
 * docs/behaviour.md §8: the status of a failed navigation comes from the error's statusCode, status or
 * response.status (route error responses and ApiError carry `status`), default 500. Only error
 * statuses count: redirects never reach the error page, the router follows them.
 */
export function errorStatus(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500;
  const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } | null };
  return (
    asErrorStatus(candidate.statusCode) ?? asErrorStatus(candidate.status) ?? asErrorStatus(candidate.response?.status) ?? 500
  );
}

export interface ErrorText {
  title: string;
  message: string;
}

/** docs/behaviour.md §2 error page texts by status, in the active language. */
export function errorText(status: number): ErrorText {
  if (status === 404) return { title: translate('common', 'errorPageNotFoundTitle'), message: translate('common', 'notFound') };
  if (status === 402) {
    return { title: translate('common', 'errorPagePaymentTitle'), message: translate('common', 'paymentErrorMessage') };
  }
  return { title: translate('common', 'errorPageOtherTitle'), message: translate('common', 'otherErrorMessage') };
}

/** docs/behaviour.md §2: tab bar and menu on the error page only when signed in and the status is 400-499. */
export function showsMainChrome(signedIn: boolean, status: number): boolean {
  return signedIn && status >= 400 && status <= 499;
}

/**
 * A lazily loaded page chunk that no longer exists (a deploy replaced it) or could not be
 * fetched. Messages differ per browser; Vite's CSS preload failure says 'Unable to preload CSS'.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** docs/behaviour.md §8: reload at most once per minute, so a chunk that is really gone cannot loop reloads. */
export function mayReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS ||
    now < lastReloadAt
  );
}
