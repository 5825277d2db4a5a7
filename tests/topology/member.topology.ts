/**
 * A member in Chromium, through the balancer, against the three real hosts: signs in, writes
 * an entry, reads the feed, and keeps working while the app's requests land on every host —
 * never asked to sign in again (the app signs out on any 401), the entry stored once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { waitForServiceWorker } from '../e2e/support/browser';
import { openComposer } from '../e2e/support/entries';
import { checkIn } from '../e2e/support/pages';
import { explained } from './support/deployment';
import { launchAgainstBalancer, recordingContext, type Seen } from './support/browser';
import { api, newMember } from './support/http';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let seen: Seen[];

beforeAll(async () => {
  browser = await launchAgainstBalancer();
  ({ context, seen } = await recordingContext(browser));
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

const hostsOf = (answers: Seen[]) => [...new Set(answers.map((s) => s.host))].sort();

describe('a member in Chromium through the balancer', () => {
  it('signs in, writes an entry and reads the feed while requests land on every host', async () => {
    const m = await newMember();
    const text = `Written through the balancer ${Date.now().toString(36)}`;
    await checkIn(page, m.email, m.password);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    // The service worker takes control on the balancer's http origin (the secure-origin flag).
    await waitForServiceWorker(page);

    await openComposer(page);
    await page.getByLabel('Description').fill(text);
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => page.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.keyboard.press('Escape');

    // Keeps working: the feed read again and again (a reload pulls it from the server each
    // time), until every host has served this member at least once.
    for (let i = 0; i < 6 && hostsOf(seen.filter((s) => s.status < 400)).length < 3; i += 1) {
      await page.reload();
      await page.locator('section[aria-label="Feed"] article').first().waitFor({ timeout: 30_000 });
    }
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 30_000 }).toBe(true);

    const failures = seen.filter((s) => s.status >= 400);
    explained(() => expect(failures).toEqual([]));
    expect(hostsOf(seen)).toEqual(['api1', 'api2', 'api3']);
    // The sync worker's calls are among those recorded: the entry's write went out from it.
    explained(() => expect(seen.filter((s) => s.method === 'POST' && !s.path.includes('/auth/')).length).toBeGreaterThan(0), () => JSON.stringify(seen));
    // Still signed in: the app is on home, not the check-in screen.
    expect(new URL(page.url()).pathname).toBe('/');

    // The entry, stored once, whichever hosts took its write and its resends.
    const suite = await api('GET', `${ENTRY_PATHS.suite}?userCode=${m.userCode}&pageSize=50`, { token: m.token });
    const mine = (suite.body.data.userPosts as { originalPost: { postDescription: string } | null }[]).filter((p) => p.originalPost?.postDescription === text);
    expect(mine).toHaveLength(1);
  });
});
