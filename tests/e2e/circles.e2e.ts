/**
 * Circles and slates as entries need them (issue 3), against `npm start`'s seeded server:
 * Jonas opens a circle he belongs to from the side menu, reads its feed, composes an entry
 * there offline (it shows at once, pending, and leaves pending once the network returns)
 * and shares an entry to that circle; Amara
 * posts on her own slate; the circle suite opens offline from the device's mirror; and the
 * suite reads on a phone-sized screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CIRCLE_MESSAGES } from '../../src/contract/circles';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { newContext, shot } from './support/browser';
import { accessToken, checkIn, signedInBrowser, userData, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const [amara, jonas] = DEMO_LOGINS as [(typeof DEMO_LOGINS)[0], (typeof DEMO_LOGINS)[0]];
const stamp = Date.now().toString(36);

let browser: Browser;
let context: BrowserContext;
let page: Page;

type Group = { code: string; name: string };

async function api<T>(p: Page, path: string): Promise<T> {
  const token = await accessToken(p);
  const answer = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { data: T }).data;
}

/** A circle the member belongs to without owning it (Amara's first circle for Jonas, per the seed). */
async function memberCircle(p: Page): Promise<Group> {
  const { id } = await userData(p);
  const menu = await api<{ groups: { groupCode: string; groupName: string; statusCode: number }[] }>(p, `user/menu/${id}`);
  for (const g of menu.groups.filter((x) => x.statusCode === 9)) {
    const details = await api<{ membership: string }>(p, `user/group/${g.groupCode}`);
    if (details.membership === 'member') return { code: g.groupCode, name: g.groupName };
  }
  throw new Error('the seed gives Jonas no circle he is a member of');
}

async function ownSlate(p: Page): Promise<Group> {
  const slates = await api<{ pageCode: string; pageName: string; statusCode: number }[]>(p, 'user/page/all-pages?pageNo=1&pageSize=100');
  const slate = slates.find((s) => s.statusCode === 9);
  if (!slate) throw new Error('the seed gives Amara no active slate');
  return { code: slate.pageCode, name: slate.pageName };
}

/** Open a circle or slate from the side menu: expand its group, click its name. */
async function openFromMenu(p: Page, group: 'Circle' | 'Slate', name: string): Promise<void> {
  const nav = p.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
  await link.click();
}

async function compose(p: Page, title: string, text: string): Promise<void> {
  await p.getByRole('button', { name: 'Create entry' }).click();
  const drawer = p.getByRole('dialog', { name: title });
  await drawer.waitFor();
  await drawer.getByLabel('Description').fill(text);
  await drawer.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => p.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
  await p.keyboard.press('Escape');
}

beforeAll(async () => {
  // newContext's desktop size, which the circle screenshots were taken at.
  ({ browser, context, page } = await signedInBrowser(baseUrl, jonas, { width: 1280, height: 800 }));
});

afterAll(async () => {
  await browser.close();
});

describe('circles and slates', () => {
  let circle: Group;

  it('opens a circle from the side menu and reads its feed', async () => {
    circle = await memberCircle(page);
    await openFromMenu(page, 'Circle', circle.name);
    await page.waitForURL((url) => url.pathname === `/circle/${circle.code}/suite`);
    const card = page.getByRole('region', { name: 'Circle card' });
    await expect.poll(() => card.getByRole('heading', { name: circle.name }).isVisible(), { timeout: 30_000 }).toBe(true);
    // Someone else's circle: its admin's suite is a link; the tabs are Suite, Vault and Members.
    expect(await card.getByRole('link').first().getAttribute('href')).toMatch(/^\/billionett\/.+\/suite$/);
    expect(await page.getByRole('navigation', { name: 'Circle' }).getByRole('link').allTextContents()).toEqual(['Suite', 'Vault', 'Members']);
    await expect.poll(() => page.locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The suite's shortcut filters (spec §2.4).
    const filters = await page.getByRole('navigation', { name: 'Feed filters' }).getByRole('button').allTextContents();
    expect(filters).toEqual(['Entry', 'Poll', 'Occasion', 'Transit', 'Gallery', 'Tags']);
    await shot(page, 'circles-suite');
  });

  it("composes an entry on the circle offline: 'Create Entry on {name}'s circle', pending at once, then delivered", async () => {
    const text = `On the circle ${stamp}`;
    await context.setOffline(true);
    const card = page.locator('article').filter({ hasText: text });
    try {
      await compose(page, `Create Entry on ${circle.name}'s circle`, text);
      // On the circle's feed at once, marked pending, naming the circle it went to.
      await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => card.getByText(`▸ ${circle.name}`).isVisible()).toBe(true);
      await expect.poll(() => card.getByText('pending', { exact: true }).isVisible()).toBe(true);
      await shot(page, 'circles-composed-pending');
    } finally {
      await context.setOffline(false);
    }
    // Delivered: the pending mark leaves the card, and the server has it on the circle.
    await expect.poll(() => card.getByText('pending', { exact: true }).count(), { timeout: 60_000 }).toBe(0);
    const feed = await api<{ userPosts: unknown[] }>(page, `user/posts?postType=group&profileCode=${circle.code}&pageNo=1`);
    expect(JSON.stringify(feed.userPosts)).toContain(text);
    await shot(page, 'circles-composed');
  });

  it("shares an entry to the circle: Share stays disabled until a circle is picked", async () => {
    const note = `Shared to the circle ${stamp}`;
    await page.goto('/');
    const first = page.locator('article').first();
    await first.waitFor({ timeout: 30_000 });
    await first.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: "Share Circle's Suite" }).click();
    const dialog = page.getByRole('dialog', { name: "Share Circle's Suite" });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Share', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel('Circle', { exact: true }).click();
    await page.getByRole('option', { name: circle.name, exact: true }).click();
    await expect.poll(() => dialog.getByText(circle.name, { exact: true }).isVisible()).toBe(true);
    await dialog.getByPlaceholder('Say something about this...').fill(note);
    await shot(page, 'circles-share-picked');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(async () => JSON.stringify(await api(page, `user/posts?postType=group&profileCode=${circle.code}&pageNo=1`)), { timeout: 30_000 })
      .toContain(note);
    await page.goto(`/circle/${circle.code}/suite`);
    await expect.poll(() => page.getByText(note).first().isVisible(), { timeout: 30_000 }).toBe(true);
  });

  it('opens the circle suite offline from the device', async () => {
    await page.goto(`/circle/${circle.code}/suite`);
    await expect.poll(() => page.locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect
        .poll(() => page.getByRole('region', { name: 'Circle card' }).getByRole('heading', { name: circle.name }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await expect.poll(() => page.locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(`On the circle ${stamp}`).first().isVisible()).toBe(true);
      await shot(page, 'circles-suite-offline');
    } finally {
      await context.setOffline(false);
    }
  });

  it('shows the circle suite on a phone', async () => {
    const phone = await newContext(browser, baseUrl, true);
    const p = await phone.newPage();
    await checkIn(p, jonas.email, jonas.password);
    await waitForHome(p);
    await p.goto(`/circle/${circle.code}/suite`);
    await expect.poll(() => p.locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // Nothing wider than the screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p, 'circles-suite-phone');
    await phone.close();
  });

  it("Amara posts on her slate: 'Create Entry on {name}'s slate'", async () => {
    const other = await newContext(browser, baseUrl);
    const p = await other.newPage();
    await checkIn(p, amara.email, amara.password);
    await waitForHome(p);
    const slate = await ownSlate(p);
    await openFromMenu(p, 'Slate', slate.name);
    await p.waitForURL((url) => url.pathname === `/slate/${slate.code}/suite`);
    const card = p.getByRole('region', { name: 'Slate card' });
    await expect.poll(() => card.getByText('You are its admin').isVisible(), { timeout: 30_000 }).toBe(true);
    const text = `On my slate ${stamp}`;
    await compose(p, `Create Entry on ${slate.name}'s slate`, text);
    await expect.poll(() => p.locator('article').filter({ hasText: text }).isVisible(), { timeout: 30_000 }).toBe(true);
    const feed = await api<{ userPosts: unknown[] }>(p, `user/posts?postType=page&profileCode=${slate.code}&pageNo=1`);
    expect(JSON.stringify(feed.userPosts)).toContain(text);
    await shot(p, 'slates-suite');
    await other.close();
  });

  it('says a circle it may not read is not found', async () => {
    await page.goto('/circle/GNOSUCHCIRCLE/suite');
    await expect.poll(() => page.getByText(CIRCLE_MESSAGES.circleNotFound).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await shot(page, 'circles-not-found');
  });

  it('offers no composer on a slate the member only follows', async () => {
    const { id } = await userData(page);
    const menu = await api<{ pages: { pageCode: string; pageName: string; statusCode: number }[] }>(page, `user/menu/${id}`);
    const followed = menu.pages.find((s) => s.statusCode === 9);
    expect(followed).toBeDefined();
    await page.goto(`/slate/${followed!.pageCode}/suite`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Slate card' }).getByRole('heading', { name: followed!.pageName }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => page.locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Create entry' }).count()).toBe(0);
  });
});
