/**
 * Service worker registration and the "new version" prompt.
 *
 * A new worker waits until the user accepts: reloading by itself could throw away a half-filled
 * form. service-worker.ts registers /sw.js and loads this module once a worker controls the page;
 * `<UpdatePrompt />` (then mounted by the app shell) shows a banner while an update waits.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { useT } from '../i18n/use-t.ts';

export type UpdateState = 'idle' | 'waiting' | 'updating';

/** The part of workbox-window's Workbox used here, so tests can pass a fake. */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  register(): Promise<ServiceWorkerRegistration | undefined>;
  messageSkipWaiting(): void;
}

/** If the new worker never takes control (it should within a second), reload anyway: the user asked. */
const CONTROL_TIMEOUT_MS = 10_000;

/** A tiny external store of the update state plus the two user actions. */
export function createUpdateController(reload: () => void) {
  let state: UpdateState = 'idle';
  let workbox: WorkboxLike | undefined;
  let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);
  const listeners = new Set<() => void>();

  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: (): UpdateState => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Registers the worker; a new version that is installed and waiting shows the prompt. */
    attach(wb: WorkboxLike): Promise<ServiceWorkerRegistration | undefined> {
      workbox = wb;
      // Fires for an update found now and for one already waiting from an earlier visit.
      wb.addEventListener('waiting', () => set('waiting'));
      registration = wb.register().catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
        return undefined;
      });
      return registration;
    },

    /** 'Reload': activate the waiting worker, then reload once it controls the page. */
    async accept(): Promise<void> {
      if (state !== 'waiting' || !workbox) return;
      set('updating');
      let reloaded = false;
      const reloadOnce = () => {
        if (reloaded) return;
        reloaded = true;
        reload();
      };
      // Listen only now: the first install's clientsClaim also fires 'controlling', and that one
      // must not reload the page.
      workbox.addEventListener('controlling', reloadOnce);
      const current = await registration;
      if (current?.waiting) {
        workbox.messageSkipWaiting();
        setTimeout(reloadOnce, CONTROL_TIMEOUT_MS);
      } else {
        // Another tab already activated it: this page only needs the reload.
        reloadOnce();
      }
    },

    /** 'Later': hide the banner; the update applies when every tab of the app is closed. */
    dismiss(): void {
      if (state === 'waiting') set('idle');
    },
  };
}

export type UpdateController = ReturnType<typeof createUpdateController>;

// The app's one controller. Creating it has no side effects; nothing happens until registration.
const appUpdates = createUpdateController(() => window.location.reload());

/** Look for a new version when the app comes back to the foreground, at most this often. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/**
 * The update machinery, loaded by service-worker.ts once a worker controls the page: workbox-window
 * tells when a new version waits, and the prompt below offers it.
 */
export async function watchForUpdates(): Promise<void> {
  const { Workbox: WorkboxClass } = await import('workbox-window');
  const wb: Workbox = new WorkboxClass('/sw.js', { scope: '/' });
  await appUpdates.attach(wb);

  // An installed app can stay open for days at the venue; browsers only check for a new worker on
  // navigations, which a single-page app rarely makes.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    wb.update().catch(() => {
      // Offline or server down: the next check will retry.
    });
  });
}

export interface UpdatePromptProps {
  /** For tests; the app uses its own controller. */
  controller?: UpdateController;
}

/** A non-blocking banner offering the waiting version. Render once, in the app shell. */
export function UpdatePrompt({ controller = appUpdates }: UpdatePromptProps) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const t = useT('common');
  if (state === 'idle') return null;
  const busy = state === 'updating';
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p className="update-prompt-text">{t('newVersion')}</p>
      <div className="update-prompt-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={controller.dismiss} disabled={busy}>
          {t('later')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void controller.accept()}
          disabled={busy}
          aria-busy={busy}
        >
          {t('reload')}
        </button>
      </div>
    </div>
  );
}
