/**
 * A new member's first home (issue 14): with nothing in their feed yet, home offers what
 * fills one instead of a 'No data' box — Suggested Billionetts (Request), Suggestion Circles
 * and Suggestion Slates (Follow), and their first entry (the composer). Against `npm start`'s
 * seeded server, a member registered with a spare activation code; desktop and phone.
 * Then their first entry, in Arabic, and a comment in Hebrew read right to left (dir="auto"
 * on what members write), and the feed takes the first steps' place.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeFindings } from './support/axe';
import { shot } from './support/browser';
import { signedInBrowser, signUpByApi } from './support/pages';

const baseUrl = inject('baseUrl');
const [, , activationCode] = inject('spareActivationCodes');
const stamp = Date.now().toString(36);
const newcomer = { email: `first.home.${stamp}@example.com`, password: 'Str0ng!pass', displayName: `Ola Newcomer ${stamp}` };

let browser: Browser;
let page: Page;

const region = (title: string) => page.getByRole('region', { name: title, exact: true });

async function look(name: string): Promise<void> {
  await shot(page, name);
  const findings = await seriousAxeFindings(page);
  expect({ [name]: findings.map((f) => `${f.id}: ${f.nodes.join(' | ')}`) }).toEqual({ [name]: [] });
}

beforeAll(async () => {
  await signUpByApi(baseUrl, { ...newcomer, firstName: 'Ola', lastName: 'Newcomer', dateOfBirth: '1994-03-14' }, activationCode);
  ({ browser, page } = await signedInBrowser(baseUrl, newcomer, { width: 1366, height: 900 }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe("a new member's first home", () => {
  it('offers billionetts, circles and slates to follow and a first entry, not an empty box', async () => {
    await page.goto('/');
    const feed = page.getByRole('region', { name: 'Feed' });
    await expect.poll(() => feed.getByRole('heading', { name: 'Welcome to Billionett' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await feed.getByText('No data', { exact: true }).count()).toBe(0);
    // The suggestions the connections and circles pages offer, with their buttons.
    const people = region('Suggested Billionetts');
    await expect.poll(() => people.getByRole('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await people.getByRole('button', { name: /^Request / }).count()).toBeGreaterThan(0);
    for (const title of ['Suggestion Circles', 'Suggestion Slates']) {
      await expect.poll(() => region(title).getByRole('button', { name: /^Follow / }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    }
    await look('first-home-desktop');
  });

  it('asks for a suggested billionett from home: the card says it is on its way', async () => {
    const people = region('Suggested Billionetts');
    const first = people.getByRole('article').first();
    const name = (await first.getAttribute('aria-label')) ?? '';
    expect(name).not.toBe('');
    await first.getByRole('button', { name: `Request ${name}` }).click();
    // Requested: it leaves the suggestions (it moves to Requested by me on the connections page).
    await expect.poll(() => people.getByRole('article', { name }).count(), { timeout: 30_000 }).toBe(0);
  });

  it("'Write your first entry' opens the composer", async () => {
    await page.getByRole('button', { name: 'Write your first entry' }).click();
    await expect.poll(() => page.getByLabel('Description').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('Description').count(), { timeout: 15_000 }).toBe(0);
  });

  it('reads well on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Billionett' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => region('Suggested Billionetts').getByRole('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await look('first-home-phone');
  });

  it('the first entry, in Arabic, reads right to left, a Hebrew comment too; the feed replaces the first steps', async () => {
    const text = `مرحبا بالجميع، هذه أول مشاركة لي ${stamp}`;
    await page.getByRole('button', { name: 'Write your first entry' }).click();
    await page.getByLabel('Description').fill(text);
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => page.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.keyboard.press('Escape');
    const card = page.getByRole('region', { name: 'Feed' }).locator('article').filter({ hasText: stamp }).first();
    await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Billionett' }).count(), { timeout: 30_000 }).toBe(0);
    const direction = (locator: ReturnType<Page['getByText']>) => locator.evaluate((el) => getComputedStyle(el).direction);
    expect(await direction(card.getByText(text))).toBe('rtl');
    // The writer's Latin name beside it keeps reading left to right.
    expect(await direction(card.getByText(newcomer.displayName, { exact: true }))).toBe('ltr');

    const comment = `תגובה ראשונה ${Math.random().toString(36).slice(2, 6)}`;
    await card.getByRole('button', { name: /comment/i }).first().click();
    await card.getByLabel('Comment').fill(comment);
    await card.getByLabel('Comment').press('Enter');
    await expect.poll(() => card.getByText(comment).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await direction(card.getByText(comment))).toBe('rtl');
    await look('first-entry-rtl-phone');
  });
});
