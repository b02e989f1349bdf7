import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';

async function freshStorageModule() {
  vi.resetModules();
  return import('./storage.ts');
}

describe('isQuotaError', () => {
  it('recognises the quota error however it is wrapped', async () => {
    const { isQuotaError, StorageFullError } = await freshStorageModule();
    const dom = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(dom)).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('aborted', dom))).toBe(true);
    expect(isQuotaError(new Error('outer', { cause: dom }))).toBe(true);
    expect(isQuotaError({ name: 'BulkError', failures: [new Error('x'), dom] })).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError(new StorageFullError())).toBe(true);
  });

  it('is false for everything else', async () => {
    const { isQuotaError } = await freshStorageModule();
    expect(isQuotaError(new Dexie.AbortError('aborted', new Error('constraint')))).toBe(false);
    expect(isQuotaError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
  });

  it('rethrows a quota error as StorageFullError with the message, anything else unchanged', async () => {
    const { rethrowQuotaError, QUOTA_MESSAGE, StorageFullError } = await freshStorageModule();
    const dom = new DOMException('full', 'QuotaExceededError');
    let caught: unknown;
    try {
      rethrowQuotaError(dom);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StorageFullError);
    expect((caught as Error).message).toBe(QUOTA_MESSAGE);
    expect((caught as Error).cause).toBe(dom);
    const other = new Error('other');
    expect(() => rethrowQuotaError(other)).toThrow(other);
  });
});

describe('requestPersistentStorage', () => {
  it('asks once, and a refusal changes nothing', async () => {
    const { requestPersistentStorage } = await freshStorageModule();
    const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => false) };
    expect(await requestPersistentStorage(storage as unknown as StorageManager)).toBe(false);
    expect(await requestPersistentStorage(storage as unknown as StorageManager)).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent, and survives a browser without the API', async () => {
    let { requestPersistentStorage } = await freshStorageModule();
    const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) };
    expect(await requestPersistentStorage(storage as unknown as StorageManager)).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();

    ({ requestPersistentStorage } = await freshStorageModule());
    expect(await requestPersistentStorage(undefined)).toBe(false);
    ({ requestPersistentStorage } = await freshStorageModule());
    const throwing = { persist: vi.fn(async () => Promise.reject(new Error('denied'))) };
    expect(await requestPersistentStorage(throwing as unknown as StorageManager)).toBe(false);
  });
});
