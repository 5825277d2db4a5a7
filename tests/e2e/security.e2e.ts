/**
 * The built app under its own Content-Security-Policy (src/server/plugins/security-headers.ts),
 * in real Chromium: checking in, the feed with a map (maplibre and its worker), the suite
 * (charts), the telex (the sync worker's websocket) raise not one `securitypolicyviolation`
 * (index.html's three inline head scripts allowed by their hashes, no other)
 * in the page, in a worker or in the service worker; and no other site may frame the app.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, ConsoleMessage, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS } from '../support/demo';
import { launch, waitForServiceWorker } from './support/browser';
import { checkIn, waitForHome } from './support/pages';
import { mapPicture, mapPictureDrawn } from './support/maps';

const baseUrl = inject('baseUrl');
const amara = DEMO_MEMBERS[0]!;

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every violation seen anywhere, as "where: directive blocked-uri source". */
const violations: string[] = [];
/** Worker script URLs seen (the sync worker, maplibre's). */
const workers: string[] = [];
/** Text frames the telex socket received. */
const socketFrames: string[] = [];

const MARK = 'csp-violation ';

/** A worker (or the service worker) reports its violations on its console: watch it. */
function watchWorker(worker: Worker, where: string): void {
  workers.push(worker.url());
  worker.on('console', (m: ConsoleMessage) => {
    if (m.text().startsWith(MARK)) violations.push(`${where} ${worker.url()}: ${m.text().slice(MARK.length)}`);
  });
  void worker
    .evaluate((mark) => {
      self.addEventListener('securitypolicyviolation', (e) => console.error(`${mark}${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    }, MARK)
    .catch(() => {
      // the worker ended before we could listen (a page navigated away)
    });
}

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  // Documents: a listener before any of the app's scripts runs.
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(`page: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  context.on('serviceworker', (w) => watchWorker(w, 'service worker'));
  page = await context.newPage();
  page.on('worker', (w) => watchWorker(w, 'worker'));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => socketFrames.push(String(payload))));
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Scrolls the feed until a card with a place shows its map picture (drawn by the server),
 * then asks to move that map: maplibre, its worker and its zoom-15 tiles load, and the
 * keyboard is on it.
 */
async function scrollToAMap(): Promise<void> {
  // One place, not a route ('A → B' opens at zoom 4, drawn from the basemap's own layers).
  const withMaps = page.locator('article').filter({ has: mapPicture(page) }).filter({ hasNotText: '→' });
  const deadline = Date.now() + 60_000;
  while ((await withMaps.count()) === 0) {
    if (Date.now() > deadline) throw new Error('no entry with a map on the feed');
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(500);
  }
  const card = withMaps.first();
  await card.scrollIntoViewIfNeeded();
  await mapPictureDrawn(card);
  // The map opens at the spec's zoom 15 on the server's tiles (the fine land outline).
  const tile = page.waitForResponse((r) => r.url().includes('/basemap/tiles/15/'), { timeout: 20_000 });
  await card.getByRole('button', { name: 'Move the map' }).click();
  expect((await tile).status()).toBe(200);
  // The card no longer has a picture, so `card` now finds another: the map is the page's only one.
  const canvas = page.getByRole('img', { name: 'Map', exact: true }).locator('canvas');
  await canvas.waitFor({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('CANVAS');
}

describe('content security policy', () => {
  it('checking in, the feed with a map, the suite and the telex raise no violation', async () => {
    const answer = await page.goto('/checkin');
    // Our own files, and the page's own inline head scripts, each by its hash: no other inline script.
    const html = (await answer?.text()) ?? '';
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    expect(inline).toHaveLength(3);
    expect(answer?.headers()['content-security-policy']).toContain(`script-src 'self' ${inline.join(' ')};`);
    await checkIn(page, amara.email, amara.password);
    await waitForHome(page);
    await waitForServiceWorker(page);

    await scrollToAMap();
    await expect.poll(() => workers.some((url) => url.includes('maplibre-gl-worker')), { timeout: 20_000 }).toBe(true);

    await page.goto('/suite');
    await page.getByRole('button', { name: 'Create entry' }).first().waitFor();
    // The charts (apexcharts, lazily loaded) draw their SVG.
    await expect.poll(() => page.locator('svg.apexcharts-svg').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    const framesBefore = socketFrames.length;
    await page.goto('/telex');
    // The sync worker's socket opens again under the policy and the server greets it.
    await expect.poll(() => socketFrames.slice(framesBefore).some((f) => f.includes('"ready"')), { timeout: 20_000 }).toBe(true);
    // Let late work (lazy chunks, the map worker, the SW's caching) finish.
    await page.waitForTimeout(2000);

    expect(workers.some((url) => url.includes('sync.worker'))).toBe(true);
    expect(violations).toEqual([]);
  });

  it('refuses to be framed by another site', async () => {
    // Another origin on the same machine (so only the app's own headers can refuse it), with
    // a frame of its own as the control: that one loads.
    const framer: Server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(req.url === '/own' ? '<p>framed fine</p>' : `<iframe id="own" src="/own"></iframe><iframe id="app" src="${baseUrl}/checkin"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    const framerPage = await context.newPage();
    const refusals: string[] = [];
    framerPage.on('console', (m) => {
      if (m.text().includes("frame-ancestors 'none'")) refusals.push(m.text());
    });
    try {
      await framerPage.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      const own = await (await framerPage.$('#own'))!.contentFrame();
      await expect.poll(() => own!.locator('p').textContent(), { timeout: 10_000 }).toBe('framed fine');
      await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const app = await (await framerPage.$('#app'))!.contentFrame();
      expect(app!.url()).not.toContain(baseUrl);
      expect(await app!.locator('#root').count()).toBe(0);
    } finally {
      await framerPage.close();
      framer.closeAllConnections();
      await new Promise((resolve) => framer.close(resolve));
    }
  });
});
