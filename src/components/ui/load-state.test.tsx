import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RequestState } from '../../lib/use-request.ts';
import { LoadState } from './load-state.tsx';

const LOADING: RequestState<string[]> = { status: 'loading', data: null, error: null };
const FAILED: RequestState<string[]> = { status: 'error', data: null, error: new Error('boom') };
const READY: RequestState<string[]> = { status: 'ready', data: ['a', 'b'], error: null };
const retry = () => {};

const draw = (state: RequestState<string[]>, props: { look?: 'card' | 'inline'; retryLabel?: string } = {}) =>
  renderToStaticMarkup(
    <LoadState state={{ ...state, retry }} loading="Loading…" error={(e) => `Failed: ${(e as Error).message}`} {...props}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </LoadState>,
  );

describe('LoadState', () => {
  it('draws the data once loaded', () => {
    expect(draw(READY)).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('shows a busy status card while loading', () => {
    expect(draw(LOADING)).toBe('<p class="card" role="status" aria-busy="true">Loading…</p>');
  });

  it('shows a danger notice and the retry button below it on failure', () => {
    expect(draw(FAILED, { retryLabel: 'Try again' })).toBe(
      '<div class="stack"><div class="alert alert-danger" role="alert">Failed: boom</div>' +
        '<div><button type="button" class="btn btn-secondary">Try again</button></div></div>',
    );
  });

  it('shows no button without a retry label', () => {
    expect(draw(FAILED)).not.toContain('<button');
  });

  it('inline: a polite line while loading, an alert with the button inside on failure', () => {
    expect(draw(LOADING, { look: 'inline' })).toBe('<p aria-live="polite">Loading…</p>');
    expect(draw(FAILED, { look: 'inline', retryLabel: 'Try again' })).toBe(
      '<p class="alert alert-danger" role="alert">Failed: boom <button type="button" class="btn btn-ghost btn-sm">Try again</button></p>',
    );
    expect(draw(FAILED, { look: 'inline' })).toBe('<p class="alert alert-danger" role="alert">Failed: boom</p>');
  });

  it('falls back to the common error sentence', () => {
    const html = renderToStaticMarkup(
      <LoadState state={{ ...FAILED, retry }} loading="Loading…">
        {() => null}
      </LoadState>,
    );
    expect(html).toContain('role="alert"');
  });
});
