/**
 * The spec's placeholder routes (§2.2: common, containers, news) in Chromium: each opens
 * inside the main layout with its title and what it is for, not 'Page not found', whether
 * reached by address or by a link; /news also carries the live news. Desktop and phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/demo';
import { launch, shot } from './support/browser';
import { checkIn, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('placeholder routes', () => {
  it.each([
    { width: 1280, height: 800, name: 'desktop' },
    { width: 390, height: 844, name: 'phone' },
  ])('common, containers and news open titled in the main layout ($name)', async ({ width, height, name }) => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
    const page = await context.newPage();
    await checkIn(page, 'amara@billionett.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    for (const [path, title] of [
      ['/common', 'Common'],
      ['/containers', 'Containers'],
      ['/news', 'News'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
      expect(await page.getByText('Coming to Billionett').isVisible()).toBe(true);
      expect(await page.title()).toBe(`${title} · Billionett`);
    }
    // The live news the home column shows, here too.
    await expect.poll(() => page.getByRole('region', { name: 'Latest news' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(page, `placeholder-news-${name}`);
    // And the way on.
    await page.getByRole('link', { name: 'Go home' }).click();
    await waitForHome(page);
    await context.close();
  });
});
