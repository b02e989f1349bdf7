import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { errorStatus, errorText, isChunkLoadError, mayReloadForChunk, showsMainChrome } from './error-status.ts';

describe('errorStatus', () => {
  it('reads statusCode, status, then response.status', () => {
    expect(errorStatus({ statusCode: 402, status: 404 })).toBe(402);
    expect(errorStatus({ status: 404, statusText: 'Not Found', internal: true, data: '' })).toBe(404);
    expect(errorStatus({ response: { status: 409 } })).toBe(409);
  });

  it('defaults to 500', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus('boom')).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus({ status: 'bad' })).toBe(500);
    expect(errorStatus({ status: 302 })).toBe(500);
  });
});

describe('errorText', () => {
  it('uses the spec texts', () => {
    expect(errorText(404)).toEqual({ title: 'Page Not Found', message: MESSAGES.notFound });
    expect(errorText(402).title).toBe('Oops. Payment was not successful.');
    expect(errorText(402).message).toMatch(/something wrong with the supplied payment data/);
    expect(errorText(500).title).toBe('Oops. An error has occurred.');
    expect(errorText(403).title).toBe('Oops. An error has occurred.');
  });
});

describe('showsMainChrome', () => {
  it('only for signed-in users and 4xx', () => {
    expect(showsMainChrome(true, 404)).toBe(true);
    expect(showsMainChrome(true, 400)).toBe(true);
    expect(showsMainChrome(true, 499)).toBe(true);
    expect(showsMainChrome(true, 500)).toBe(false);
    expect(showsMainChrome(false, 404)).toBe(false);
  });
});

describe('chunk reload', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError({ message: 'dynamically imported module' })).toBe(false);
  });

  it('reloads at most once per minute', () => {
    expect(mayReloadForChunk(100_000, null)).toBe(true);
    expect(mayReloadForChunk(100_000, 50_000)).toBe(false);
    expect(mayReloadForChunk(100_000, 40_000)).toBe(true);
    expect(mayReloadForChunk(100_000, Number.NaN)).toBe(true);
  });
});
