import { translate } from '../i18n/i18n.ts';

/*
 * Device storage: ask the browser to keep the app's data (the outbox must survive storage
 * pressure), and turn "disk full" into a sentence a person can act on (docs/architecture.md §5).
 */

/** The message's English words (tests compare with them; the error carries the active language's). */
export const QUOTA_MESSAGE =
  'This device is out of storage space. Free some space, then try again; nothing you saved has been lost.';

/** The device refused to store a change; its message, in the active language, is meant to be shown as it is. */
export class StorageFullError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(translate('common', 'storageFull'), options);
    this.name = 'StorageFullError';
  }
}

const QUOTA_ERROR_NAMES = new Set([
  'QuotaExceededError',
  // Firefox before it used the standard name.
  'NS_ERROR_DOM_QUOTA_REACHED',
]);

/**
 * True for a storage quota error however it is wrapped: a DOMException from IndexedDB or
 * localStorage, Dexie's QuotaExceededError, or Dexie's AbortError/BulkError carrying it as `inner`
 * (or `cause`, or among `failures`) when it aborted a transaction.
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const candidate = error as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  if (typeof candidate.name === 'string' && QUOTA_ERROR_NAMES.has(candidate.name)) return true;
  // Legacy DOMException code of QUOTA_EXCEEDED_ERR.
  if (candidate.code === 22 && typeof DOMException !== 'undefined' && error instanceof DOMException) return true;
  if (error instanceof StorageFullError) return true;
  if (isQuotaError(candidate.inner, depth + 1) || isQuotaError(candidate.cause, depth + 1)) return true;
  return Array.isArray(candidate.failures) && candidate.failures.some((failure) => isQuotaError(failure, depth + 1));
}

/** Rethrows a quota error as StorageFullError (with the original as cause); anything else unchanged. */
export function rethrowQuotaError(error: unknown): never {
  if (isQuotaError(error) && !(error instanceof StorageFullError)) throw new StorageFullError({ cause: error });
  throw error;
}

let persistRequested = false;

/**
 * Asks once per page load for persistent storage, so the browser does not evict offline changes
 * and caches under storage pressure. A refusal (or a browser without the API) changes nothing:
 * the data is still stored, only as "best effort". Resolves to whether storage is persistent.
 */
export async function requestPersistentStorage(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  if (persistRequested || !storage?.persist) return false;
  persistRequested = true;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
