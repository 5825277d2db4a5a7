/**
 * One entry by its code (/entries/$postCode), against `npm start`'s seeded server:
 * - Amara opens an entry of her home feed with comments: its card and its comments, as the
 *   feed shows them;
 * - an entry Jonas keeps to himself ('Only me': hidden from Amara though they are
 *   billionetts), a code that names nothing and a code that is no code all say 'This entry
 *   is not available.' — never a spinner;
 * - she trashes one of her own from it: it says so at once, and still after delivery;
 * - offline, the entry she opened and one she has only seen in her feed still open;
 * - the same at phone width.
 * Each screen is shot and checked with axe-core.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENTRY_PATHS, FEED_PAGE_SIZE, postItemCode, type CommentItem, type PostItem } from '../../src/contract/entries';
import { DEMO_MEMBERS } from '../support/demo';
import { seriousAxeFindings } from './support/axe';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { accessToken, checkIn } from './support/pages';
import { mapPictureDrawn } from './support/maps';

const baseUrl = inject('baseUrl');
const [amara, jonas] = DEMO_MEMBERS as [(typeof DEMO_MEMBERS)[0], (typeof DEMO_MEMBERS)[0]];
const UNAVAILABLE = 'This entry is not available.';

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** An entry of Amara's feed with comments, one of her first feed page, and Jonas's own. */
const codes = { withComments: '', fromFeed: '', hidden: '' };
/** The commented entry's text and its newest comment. */
const seen = { description: '', comment: '', hasPlace: false };

async function look(p: Page, name: string): Promise<void> {
  await shot(p, name);
  const findings = await seriousAxeFindings(p);
  expect({ [name]: findings.map((f) => `${f.id}: ${f.nodes.join(' | ')}`) }).toEqual({ [name]: [] });
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const r = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, data: ((await r.json()) as { data: T }).data };
}

async function signIn(mobile = false): Promise<{ context: BrowserContext; page: Page }> {
  const c = await newContext(browser, baseUrl, mobile);
  const p = await c.newPage();
  await checkIn(p, amara.email, amara.password);
  await p.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  return { context: c, page: p };
}

const card = (p: Page) => p.getByRole('article', { name: /^Entry by / });
const unavailable = (p: Page) => p.getByRole('alert').filter({ hasText: UNAVAILABLE });

describe('one entry by its code', () => {
  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await signIn());
    await waitForServiceWorker(page);
    // The codes, from Amara's feed as the server answers it.
    const token = await accessToken(page);
    const feed = await api<{ userPosts: PostItem[] }>(token, 'GET', `${ENTRY_PATHS.home}?pageSize=100`);
    const commented = feed.data.userPosts.find((i) => !i.isShared && i.originalPost && i.originalPost.noOfComments > 0 && i.originalPost.postDescription.length > 10);
    assert.ok(commented, 'the seed gives Amara a commented entry');
    codes.withComments = postItemCode(commented);
    seen.description = commented.originalPost!.postDescription;
    seen.hasPlace = commented.originalPost!.location !== null;
    const comments = await api<{ userPostComment: { comments: CommentItem[] } }>(token, 'GET', ENTRY_PATHS.comments(codes.withComments));
    seen.comment = comments.data.userPostComment.comments[0]!.comment;
    // One of the first page, which her device mirrors with the home screen.
    codes.fromFeed = feed.data.userPosts.slice(0, FEED_PAGE_SIZE).map(postItemCode).find((c) => c !== codes.withComments)!;
    // Jonas writes one for himself.
    const signedIn = await fetch(`${baseUrl}/api/v1/auth/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: jonas.email, password: jonas.password }),
    });
    const jonasToken = ((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken;
    codes.hidden = randomUUID();
    const made = await api(jonasToken, 'POST', ENTRY_PATHS.create, { userPostCode: codes.hidden, featureCode: 5, postDescription: 'Only for Jonas', privacyCode: 3 });
    assert.equal(made.status, 201);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('opens an entry of her feed with its comments', async () => {
    await page.goto(`/entries/${codes.withComments}`);
    await expect.poll(() => card(page).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => card(page).getByText(seen.description.slice(0, 40)).first().isVisible()).toBe(true);
    // Comments open, as in the feed: the thread's first page and the box to write one.
    await expect.poll(() => card(page).getByText(seen.comment.slice(0, 40)).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => card(page).getByRole('textbox').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // Its map drawn before the picture is taken (a place is optional).
    if (seen.hasPlace) await mapPictureDrawn(card(page));
    await look(page, 'entry-one');
  });

  it("says 'not available' for an entry not shared with her, a missing code and a bad one", async () => {
    for (const [code, name] of [
      [codes.hidden, 'entry-one-hidden'],
      [randomUUID(), 'entry-one-missing'],
      ['not-an-entry', 'entry-one-bad-code'],
    ] as const) {
      await page.goto(`/entries/${code}`);
      await expect.poll(() => unavailable(page).isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await card(page).count()).toBe(0);
      expect(await page.getByText('Only for Jonas').count()).toBe(0);
      if (name === 'entry-one-hidden') await look(page, name);
    }
  });

  it('trashed from here, her own entry says it is gone, before and after delivery', async () => {
    const token = await accessToken(page);
    const code = randomUUID();
    expect((await api(token, 'POST', ENTRY_PATHS.create, { userPostCode: code, featureCode: 5, postDescription: 'Soon gone', privacyCode: 1 })).status).toBe(201);
    await page.goto(`/entries/${code}`);
    await expect.poll(() => card(page).getByText('Soon gone').isVisible(), { timeout: 30_000 }).toBe(true);
    await card(page).getByRole('button', { name: 'Entry menu' }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    await page.getByRole('dialog', { name: 'Delete Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => unavailable(page).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await api(token, 'GET', ENTRY_PATHS.entry(code))).status, { timeout: 30_000 }).toBe(404);
    // Delivered, the worker drops the row: the words stay (no spinner), and after a reload.
    await page.waitForTimeout(1_000);
    expect(await page.getByLabel('Loading the entry').count()).toBe(0);
    expect(await unavailable(page).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => unavailable(page).isVisible(), { timeout: 30_000 }).toBe(true);
  });

  it('opens offline what she has seen: the entry she opened, and one only seen in her feed', async () => {
    // The feed's first page lands on the device with the home screen.
    await page.goto('/');
    await expect.poll(() => card(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await context.setOffline(true);
    try {
      for (const code of [codes.withComments, codes.fromFeed]) {
        await page.goto(`/entries/${code}`);
        await expect.poll(() => card(page).isVisible(), { timeout: 30_000 }).toBe(true);
      }
      // Its map picture, seen online, comes from the service worker's basemap cache.
      await page.goto(`/entries/${codes.withComments}`);
      if (seen.hasPlace) await mapPictureDrawn(card(page));
      await look(page, 'entry-one-offline');
      // Never seen here: said so, not a spinner.
      await page.goto(`/entries/${randomUUID()}`);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'You are offline.' }).isVisible(), { timeout: 30_000 }).toBe(true);
      await look(page, 'entry-one-offline-unseen');
    } finally {
      await context.setOffline(false);
    }
  });

  it('reads at phone width', async () => {
    const phone = await signIn(true);
    try {
      await phone.page.goto(`/entries/${codes.withComments}`);
      await expect.poll(() => card(phone.page).getByText(seen.comment.slice(0, 40)).first().isVisible(), { timeout: 30_000 }).toBe(true);
      if (seen.hasPlace) await mapPictureDrawn(card(phone.page));
      await look(phone.page, 'entry-one-phone');
      await phone.page.goto(`/entries/${codes.hidden}`);
      await expect.poll(() => unavailable(phone.page).isVisible(), { timeout: 30_000 }).toBe(true);
      await look(phone.page, 'entry-one-phone-hidden');
    } finally {
      await phone.context.close();
    }
  });
});
