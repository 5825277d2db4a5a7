/**
 * Live news (issue 16) on the home column, against `npm start`'s seeded server: the demo
 * ships current stories; the carousel steps by hand, pauses, reads as a carousel to screen
 * readers, stands still for reduced motion, and opens offline from the device.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS } from '../support/demo';
import { seriousAxeFindings } from './support/axe';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { checkIn } from './support/pages';

const baseUrl = inject('baseUrl');
const [amara] = DEMO_MEMBERS as [(typeof DEMO_MEMBERS)[0]];
let browser: Browser;

async function look(p: Page, name: string): Promise<void> {
  await shot(p, name);
  const findings = await seriousAxeFindings(p);
  expect({ [name]: findings.map((f) => `${f.id}: ${f.nodes.join(' | ')}`) }).toEqual({ [name]: [] });
}

const carousel = (p: Page) => p.getByRole('region', { name: 'Live news' });
const position = (p: Page) => carousel(p).getByText(/^\d+ \/ \d+$/).innerText();

describe('live news', () => {
  beforeAll(async () => {
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows current stories that step, pause, and open offline', async () => {
    const context = await newContext(browser, baseUrl);
    const p = await context.newPage();
    await checkIn(p, amara.email, amara.password);
    await p.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await waitForServiceWorker(p);
    await expect.poll(() => carousel(p).isVisible(), { timeout: 30_000 }).toBe(true);
    const shown = carousel(p).getByRole('group', { name: /^1 of / });
    await expect.poll(() => shown.getByRole('link').isVisible()).toBe(true);
    // The seeded stories are current: minutes or hours old, not days.
    expect(await shown.innerText()).toMatch(/minutes? ago|hours? ago/);
    expect(await shown.getByRole('link').getAttribute('target')).toBe('_blank');

    await carousel(p).getByRole('button', { name: 'Pause the news' }).click();
    expect(await carousel(p).getByRole('button', { name: 'Play the news' }).getAttribute('aria-pressed')).toBe('true');
    const first = await position(p);
    await carousel(p).getByRole('button', { name: 'Next story' }).click();
    await expect.poll(() => position(p)).not.toBe(first);
    expect(await position(p)).toMatch(/^2 \//);
    await p.waitForTimeout(600);
    await look(p, 'news-home');

    await context.setOffline(true);
    try {
      await p.reload();
      await expect.poll(() => carousel(p).getByRole('link').first().count(), { timeout: 30_000 }).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }
    await context.close();
  });

  it('stands still for members who ask for reduced motion, and fits a phone', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const p = await context.newPage();
    await checkIn(p, amara.email, amara.password);
    await p.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    // On a phone the news follows the feed, screens below: a returning member's app builds it
    // once they scroll near it.
    await expect.poll(() => p.getByRole('article').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await p.reload();
    await expect.poll(() => p.getByRole('article').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await p.waitForTimeout(2500);
    expect(await carousel(p).count()).toBe(0);
    await p.getByRole('complementary', { name: 'News' }).scrollIntoViewIfNeeded();
    await expect.poll(() => carousel(p).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await carousel(p).getByRole('button', { name: 'Pause the news' }).count()).toBe(0);
    const still = await position(p);
    await p.waitForTimeout(7000);
    expect(await position(p)).toBe(still);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await look(p, 'news-phone');
    await context.close();
  });
});
