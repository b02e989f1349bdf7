import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useNavigationPending } from '../lib/navigation-state.ts';

/** How long a page may take to render its heading after the route settles (lazy pages, loaders). */
const HEADING_WAIT_MS = 3000;

/** The new page's main heading: inside <main> when there is one, else the first h1. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/**
 * Moves focus to the new page's main heading after every route change (a link, a sign-in, a
 * registration step), so keyboard and screen-reader users start on the page they came to instead of
 * on <body>; the heading is read out as it receives focus. The first page load keeps the browser's
 * own focus, and changes of the query or hash alone (tabs, filters) move nothing.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const pending = useNavigationPending();
  const previous = useRef(pathname);

  useEffect(() => {
    if (pending || previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    const started = performance.now();
    const focusHeading = () => {
      // A focused field (the new page's autofocus) wins: the user is already where they type.
      const active = document.activeElement;
      if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
      const heading = pageHeading();
      if (!heading) {
        if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(focusHeading);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, pending]);
}
