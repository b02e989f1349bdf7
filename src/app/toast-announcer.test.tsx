import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toastAnnouncementAtom } from '../lib/toast.ts';
import { ToastAnnouncer } from './lazy-toaster.tsx';

function render(announcement: { kind: 'error' | 'success'; message: string } | null) {
  const store = createStore();
  store.set(toastAnnouncementAtom, announcement && { ...announcement, at: 1 });
  return renderToStaticMarkup(
    <Provider store={store}>
      <ToastAnnouncer />
    </Provider>,
  );
}

describe('toasts for screen readers', () => {
  it('keeps both live regions in the page before any toast', () => {
    const html = render(null);
    expect(html).toContain('role="alert" aria-live="assertive"');
    expect(html).toContain('role="status" aria-live="polite"');
  });

  it('reads an error out assertively and a confirmation politely', () => {
    expect(render({ kind: 'error', message: 'Something went wrong.' })).toMatch(
      /role="alert"[^>]*><span>Something went wrong\.<\/span><\/div><div[^>]*role="status"[^>]*><\/div>/,
    );
    expect(render({ kind: 'success', message: 'Saved.' })).toMatch(
      /role="alert"[^>]*><\/div><div[^>]*role="status"[^>]*><span>Saved\.<\/span>/,
    );
  });
});
