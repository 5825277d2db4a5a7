/**
 * "Reload" on "A new version of Billionett is ready" (src/client/pwa/register.ts): the
 * member's choice holds across the reloads it may take for Chromium to let the new service
 * worker take over, and no further than that.
 *
 * workbox-window is replaced by a stand-in whose events the test fires; the browser's
 * side (which worker activates when) is the topology suite's rolling deploy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: unknown) => void;

/** The one Workbox the module under test makes, with what it was asked. */
const made = vi.hoisted(() => ({
  /** Whether the next page load finds a new worker waiting. */
  waiting: false,
  current: undefined as
    undefined | { listeners: Map<string, Listener[]>; skipWaitingAsked: number; waiting: object | null; fire(type: string): void },
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, Listener[]>();
    skipWaitingAsked = 0;
    waiting: object | null = made.waiting ? {} : null;
    constructor() {
      made.current = this;
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    fire(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener({ type });
    }
    messageSkipWaiting() {
      this.skipWaitingAsked += 1;
    }
    async register() {
      // As workbox-window does: a worker already waiting is announced before register() settles.
      if (this.waiting) this.fire('waiting');
      return { waiting: this.waiting };
    }
    update() {
      return Promise.resolve();
    }
  },
}));

const KEY = 'billionett-update-asked';
const reload = vi.fn<() => void>();

type Watch = { hadController: boolean; changed: boolean };

/**
 * A page load: a fresh module, as after a reload; `waiting` says whether a new worker waits,
 * `watch` what public/controller-watch.js saw before registration (by default: the page's
 * controller, unchanged).
 */
async function loadPage({ controlled = true, waiting = false, watch = { hadController: controlled, changed: false } as Watch } = {}) {
  vi.resetModules();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: controlled ? {} : null, addEventListener: () => undefined },
  });
  (window as { billionettControllerWatch?: Watch }).billionettControllerWatch = watch;
  made.waiting = waiting;
  const pwa = await import('../../src/client/pwa/register');
  pwa.registerServiceWorker();
  return { pwa, wb: made.current! };
}

/** register() resolves after the page's load: let its promise chain run. */
const registered = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv('PROD', true);
  sessionStorage.clear();
  reload.mockClear();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('Reload on a new version', () => {
  it('offers a waiting worker, asks it to take over, and reloads anyway if it has not after 5 s', async () => {
    const { pwa, wb } = await loadPage({ waiting: true });
    await registered();
    expect(pwa.isUpdateReady()).toBe(true);

    pwa.applyUpdate();
    expect(wb.skipWaitingAsked).toBe(1);
    await vi.advanceTimersByTimeAsync(4900);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(KEY)).toBe('1');
  });

  it('the new worker taking over reloads at once, and forgets the choice', async () => {
    const { pwa, wb } = await loadPage({ waiting: true });
    await registered();
    pwa.applyUpdate();
    sessionStorage.setItem(KEY, '1');
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    // The reload already under way is not made a second time.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the reloaded page goes on with the choice without asking, at most three reloads in all', async () => {
    sessionStorage.setItem(KEY, '1');
    for (const count of ['2', '3']) {
      const { pwa, wb } = await loadPage({ waiting: true });
      await registered();
      expect(pwa.isUpdateReady()).toBe(false);
      expect(wb.skipWaitingAsked).toBe(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(sessionStorage.getItem(KEY)).toBe(count);
    }
    expect(reload).toHaveBeenCalledTimes(2);

    // The third still waits: the member is asked again, and nothing is asked for them.
    const { pwa, wb } = await loadPage({ waiting: true });
    await registered();
    expect(pwa.isUpdateReady()).toBe(true);
    expect(wb.skipWaitingAsked).toBe(0);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('a page reloaded for the choice, with no worker waiting any more, forgets it and reloads once more', async () => {
    sessionStorage.setItem(KEY, '1');
    // The new worker took over before this page's first script ran: nothing saw it change,
    // and this may be the old version's page under the new worker.
    const { pwa } = await loadPage({ waiting: false });
    await registered();
    expect(pwa.isUpdateReady()).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    // That reload is the last: the next page has no choice to go on with.
    await loadPage({ waiting: false });
    await registered();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a new worker that took over while the reloaded page loaded, before it registered, reloads it once', async () => {
    sessionStorage.setItem(KEY, '1');
    // The reload was served by the old worker; the new one claimed the page before registration.
    const { wb } = await loadPage({ waiting: false, watch: { hadController: true, changed: true } });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    await registered();
    wb.fire('controlling');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first install taking control before registration is no update, and a later take-over is', async () => {
    const { wb } = await loadPage({ controlled: true, watch: { hadController: false, changed: true } });
    await registered();
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first install taking control is no update: no reload', async () => {
    const { wb } = await loadPage({ controlled: false });
    await registered();
    wb.fire('controlling');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).not.toHaveBeenCalled();
  });
});
