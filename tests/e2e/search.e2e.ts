/**
 * The header's search (issue 16) from each section, against `npm start`'s seeded server:
 * a member by a misspelt name (billionetts, the default), a circle from the circles'
 * section, an entry from the suite's feed — results listed, and open offline once seen.
 * (A barter listing from /barter: tests/e2e/barter.e2e.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { v7 as uuid } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { DEMO_MEMBERS } from '../support/demo';
import { seriousAxeFindings } from './support/axe';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { accessToken, checkIn } from './support/pages';

const baseUrl = inject('baseUrl');
const [, jonas] = DEMO_MEMBERS as [(typeof DEMO_MEMBERS)[0], (typeof DEMO_MEMBERS)[0]];
const stamp = Date.now().toString(36);
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function look(p: Page, name: string): Promise<void> {
  await shot(p, name);
  const findings = await seriousAxeFindings(p);
  expect({ [name]: findings.map((f) => `${f.id}: ${f.nodes.join(' | ')}`) }).toEqual({ [name]: [] });
}

async function searchFrom(p: Page, from: string, text: string): Promise<void> {
  await p.goto(from);
  const box = p.getByPlaceholder('Search for anything...').first();
  await box.fill(text);
  await box.press('Enter');
}


describe('header search in every section', () => {
  beforeAll(async () => {
    browser = await launch();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await checkIn(page, jonas.email, jonas.password);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await waitForServiceWorker(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a member by a misspelt name from home', async () => {
    await searchFrom(page, '/', 'Lindqvst');
    await page.waitForURL((url) => url.pathname === '/suite/billionetts/search', { timeout: 30_000 });
    await expect.poll(() => page.getByText('Amara Lindqvist').first().isVisible(), { timeout: 30_000 }).toBe(true);
    await look(page, 'search-members');
  });

  it('finds a circle from the circles’ section and an entry from the suite', async () => {
    const token = await accessToken(page);
    const circleName = `Lantern Makers ${stamp}`;
    const circle = await fetch(`${baseUrl}/api/v1/user/group`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ groupName: circleName, groupCaption: 'Paper and light', groupDescription: 'We make lanterns.', groupType: 'P02', privacyCode: 1 }),
    });
    expect(circle.status).toBe(201);
    const words = `Quince marmalade ${stamp}`;
    const entry = await fetch(`${baseUrl}/api/v1/${ENTRY_PATHS.create}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userPostCode: uuid(), featureCode: 5, postDescription: `${words} on the windowsill`, privacyCode: 1 }),
    });
    expect(entry.status).toBe(201);

    await searchFrom(page, '/suite/circles', `Lantern ${stamp}`);
    await page.waitForURL((url) => url.pathname === '/suite/circles/search', { timeout: 30_000 });
    await expect.poll(() => page.getByText(circleName, { exact: true }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await look(page, 'search-circles');

    await searchFrom(page, '/suite', `marmalade ${stamp}`);
    await page.waitForURL((url) => url.pathname === '/suite/search', { timeout: 30_000 });
    await expect.poll(() => page.locator('article').filter({ hasText: words }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await look(page, 'search-entries');

    // Seen once, results open offline.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => page.locator('article').filter({ hasText: words }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });
});
