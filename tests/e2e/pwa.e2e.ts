/**
 * The PWA promises, in real Chromium against the built app: installable, the app
 * shell opens offline, bulletins arrive as notifications, a Background Sync wakes
 * the outbox, and /api/ is never answered from a cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { watchContextErrors } from './support/page-errors';
import { serviceWorkerDomain } from './support/worker-push';

const baseUrl = inject('baseUrl');
const PROMPT = 'A new version of Billionett is ready';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser.close();
});

async function openControlled(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await waitForServiceWorker(page);
  return page;
}


describe('pwa', () => {
  it('is installable by Chromium’s own verdict', async () => {
    // An incognito context is never installable: use a real profile.
    const profile = mkdtempSync(join(tmpdir(), 'billionett-pwa-'));
    const context = await watchContextErrors(
      await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        baseURL: baseUrl,
      }),
    );
    try {
      const page = await openControlled(context);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Billionett', display: 'standalone', id: '/' });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('opens the app shell offline, deep links included, and never caches /api/', async () => {
    const context = await newContext(browser, baseUrl, true);
    const page = await openControlled(context);
    // The first install takes control at once but is not an update: no prompt.
    expect(await page.getByText(PROMPT).count()).toBe(0);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect.poll(() => page.locator('#root').innerText()).not.toBe('');
    await shot(page, 'pwa-offline-shell');

    const deep = await page.goto('/telex');
    expect(deep?.status()).toBe(200);
    const api = await page.evaluate(() =>
      fetch('/api/v1/health').then((r) => r.status, () => 'network error'),
    );
    expect(api).toBe('network error');
    await context.close();
  });

  it('really is offline: with service workers blocked the reload fails', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    await context.setOffline(true);
    await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.close();
  });

  it('shows a pushed bulletin and keeps its link same-origin', async () => {
    const context = await newContext(browser, baseUrl);
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const page = await openControlled(context);
    const { cdp, id } = await serviceWorkerDomain(context, page);
    const push = (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: id, data: JSON.stringify(data) });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })),
      );
    // The DevTools protocol sometimes drops a push delivered to a worker that is starting;
    // a real push service redelivers. Redeliver the same way: each push has a tag, so a
    // second delivery replaces the first notification and never adds one.
    const pushUntilShown = async (data: object, count: number) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await push(data);
        const deadline = Date.now() + 4000;
        while (Date.now() < deadline) {
          if ((await shown()).length >= count) return;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    await pushUntilShown({ title: 'New billionett request', body: 'Ada wants to connect', url: '/suite/billionetts', count: 2, tag: 'a' }, 1);
    await pushUntilShown({ title: 'Elsewhere', url: 'https://example.org/phish', tag: 'b' }, 2);
    await expect.poll(shown).toHaveLength(2);
    expect(await shown()).toEqual(
      expect.arrayContaining([
        { title: 'New billionett request', body: 'Ada wants to connect', data: { url: '/suite/billionetts' } },
        { title: 'Elsewhere', body: 'You have a new bulletin.', data: { url: '/' } },
      ]),
    );
    await context.close();
  });

  it('turns a Background Sync into a REPLAY message for the open pages', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await openControlled(context);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      navigator.serviceWorker.addEventListener('message', (e) => seen.push(e.data));
    });
    const { cdp, id } = await serviceWorkerDomain(context, page);
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseUrl, registrationId: id, tag: 'billionett-outbox', lastChance: false });
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toContainEqual({ type: 'REPLAY' });
    await context.close();
  });
});
