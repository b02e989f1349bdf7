import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateController, UpdatePrompt, type WorkboxLike } from './update-prompt.tsx';

type Listener = () => void;

/** A stand-in for workbox-window's Workbox that the test drives by hand. */
function fakeWorkbox(registration: Partial<ServiceWorkerRegistration> = { waiting: {} as ServiceWorker }) {
  const listeners: Record<string, Listener[]> = {};
  const wb = {
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    register: vi.fn(async () => registration as ServiceWorkerRegistration),
    messageSkipWaiting: vi.fn(),
    emit: (type: string) => {
      for (const listener of listeners[type] ?? []) listener();
    },
  };
  return wb satisfies WorkboxLike;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('update controller', () => {
  it('shows the prompt when a new version waits', async () => {
    const controller = createUpdateController(vi.fn());
    const wb = fakeWorkbox();
    const seen = vi.fn();
    controller.subscribe(seen);
    await controller.attach(wb);
    expect(controller.getState()).toBe('idle');
    wb.emit('waiting');
    expect(controller.getState()).toBe('waiting');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('never reloads on its own, not even when a worker takes control', async () => {
    const reload = vi.fn();
    const controller = createUpdateController(reload);
    const wb = fakeWorkbox();
    await controller.attach(wb);
    wb.emit('controlling'); // first install: clientsClaim
    wb.emit('waiting');
    wb.emit('controlling');
    expect(reload).not.toHaveBeenCalled();
  });

  it('on Reload, activates the waiting worker and reloads once it controls the page', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const controller = createUpdateController(reload);
    const wb = fakeWorkbox();
    await controller.attach(wb);
    wb.emit('waiting');
    await controller.accept();
    expect(controller.getState()).toBe('updating');
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.emit('controlling');
    wb.emit('controlling');
    vi.runAllTimers(); // the fallback timer must not reload a second time
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads after a while if the new worker never takes control', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const controller = createUpdateController(reload);
    const wb = fakeWorkbox();
    await controller.attach(wb);
    wb.emit('waiting');
    await controller.accept();
    vi.advanceTimersByTime(9_000);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('just reloads when another tab already activated the new version', async () => {
    const reload = vi.fn();
    const controller = createUpdateController(reload);
    const wb = fakeWorkbox({ waiting: null });
    await controller.attach(wb);
    wb.emit('waiting');
    await controller.accept();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('hides the prompt on Later until the next waiting worker', async () => {
    const reload = vi.fn();
    const controller = createUpdateController(reload);
    const wb = fakeWorkbox();
    await controller.attach(wb);
    wb.emit('waiting');
    controller.dismiss();
    expect(controller.getState()).toBe('idle');
    await controller.accept(); // nothing waits any more as far as the user knows
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    wb.emit('waiting');
    expect(controller.getState()).toBe('waiting');
    expect(reload).not.toHaveBeenCalled();
  });

  it('survives a failed registration', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const controller = createUpdateController(vi.fn());
    const wb = fakeWorkbox();
    wb.register.mockRejectedValueOnce(new Error('SecurityError'));
    await expect(controller.attach(wb)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('<UpdatePrompt />', () => {
  it('renders nothing while no update waits', () => {
    const controller = createUpdateController(vi.fn());
    expect(renderToStaticMarkup(<UpdatePrompt controller={controller} />)).toBe('');
  });

  it('offers Reload and Later when an update waits', async () => {
    const controller = createUpdateController(vi.fn());
    const wb = fakeWorkbox();
    await controller.attach(wb);
    wb.emit('waiting');
    const html = renderToStaticMarkup(<UpdatePrompt controller={controller} />);
    expect(html).toContain('A new version is available.');
    expect(html).toMatch(/<button[^>]*>Reload<\/button>/);
    expect(html).toMatch(/<button[^>]*>Later<\/button>/);
    expect(html).toContain('role="status"');
  });
});
