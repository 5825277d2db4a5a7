/**
 * Billionetts between two members in two browser contexts, against `npm start`'s server:
 * the demo login Amara (A) and her first suggested billionett (B), a seeded member with no
 * tie to her (the demo logins themselves are seeded as billionetts). A requests B from the
 * suggestions; B sees it under the crown icon and
 * accepts; both see each other under My Billionetts; A unfriends; a reference shows
 * the 'Billionett Request Sent' dialog; B accepts a request offline and it lands when
 * the network returns. Desktop for A, a phone for B.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { accessToken, checkIn, userData, waitForHome } from './support/pages';
import { DEMO_PASSWORD } from '../support/demo';
import { seededLogin } from '../support/demo-strangers';

const baseUrl = inject('baseUrl');
const PASSWORD = DEMO_PASSWORD;
const A = { email: 'amara@billionett.test', name: 'Amara Lindqvist' };
/** Amara's first suggestion, found once she is signed in. */
const B = { email: '', name: '' };

let browser: Browser;
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let pageA: Page;
let pageB: Page;
const who = { a: { token: '', id: '' }, b: { token: '', id: '' } };

type Card = { userCode: string; displayName: string };
const api = async (method: string, path: string, token: string) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { data?: Card[] } };
};
const friendsOf = async (token: string) => ((await api('GET', 'user/friends?pageSize=100', token)).body.data ?? []).map((c) => c.displayName);

/** Dialogs sit in the viewport (fixed), which a full-page shot does not show: take the viewport. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/${name}.png` });

const panel = (page: Page, title: string) => page.getByRole('region', { name: title });
const card = (page: Page, title: string, name: string) => panel(page, title).getByRole('article', { name });

beforeAll(async () => {
  browser = await launch();
  ctxA = await newContext(browser, baseUrl);
  ctxB = await newContext(browser, baseUrl, true);
  pageA = await ctxA.newPage();
  pageB = await ctxB.newPage();
  const signIn = async (page: Page, m: { email: string }, key: 'a' | 'b') => {
    await checkIn(page, m.email, PASSWORD);
    await waitForHome(page);
    who[key] = { token: await accessToken(page), id: (await userData(page)).id ?? '' };
  };
  await signIn(pageA, A, 'a');
  // B: the first seeded member among A's suggestions (members other suites registered are not seeded).
  const suggested = (await api('GET', 'user/friend-suggestions?pageSize=10', who.a.token)).body.data ?? [];
  const login = suggested.map((c) => seededLogin(c.userCode)).find((m) => m !== undefined);
  if (!login) throw new Error('Amara has no seeded member among her suggestions');
  Object.assign(B, { email: login.email, name: login.displayName });
  await signIn(pageB, B, 'b');
});

afterAll(async () => {
  await browser.close();
});

describe('billionetts', () => {
  it('A requests B from Suggested Billionetts; it moves to Requested by me', async () => {
    expect(await friendsOf(who.a.token)).not.toContain(B.name);
    await pageA.goto('/suite/billionetts');
    const suggested = card(pageA, 'Suggested Billionetts', B.name);
    await expect.poll(() => suggested.isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(pageA, 'billionetts-desktop');
    await suggested.getByRole('button', { name: `Request ${B.name}` }).click();
    await expect.poll(() => card(pageA, 'Requested by me', B.name).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => suggested.count()).toBe(0);
  });

  it('B sees the request under the crown icon and accepts it', async () => {
    await pageB.getByRole('button', { name: 'Billionett requests' }).click();
    const dialog = pageB.getByRole('dialog');
    const request = dialog.getByRole('article', { name: A.name });
    await expect.poll(() => request.isVisible(), { timeout: 30_000 }).toBe(true);
    await viewShot(pageB, 'crown-requests-mobile');
    await request.getByRole('button', { name: `Accept ${A.name}` }).click();
    await expect.poll(() => request.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => friendsOf(who.b.token), { timeout: 15_000 }).toContain(A.name);
    await pageB.keyboard.press('Escape');
  });

  it('both see each other under My Billionetts', async () => {
    await pageB.goto('/suite/billionetts');
    await expect.poll(() => card(pageB, 'My Billionetts', A.name).isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(pageB, 'billionetts-mobile');
    await pageA.reload();
    await expect.poll(() => card(pageA, 'My Billionetts', B.name).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => card(pageA, 'Requested by me', B.name).count()).toBe(0);
  });

  it('A unfriends B after confirming', async () => {
    await card(pageA, 'My Billionetts', B.name).getByRole('button', { name: `Unfriend ${B.name}` }).click();
    await expect.poll(() => pageA.getByText(`Are you sure you want to unfriend "${B.name}"?`).isVisible()).toBe(true);
    await pageA.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => card(pageA, 'My Billionetts', B.name).count(), { timeout: 15_000 }).toBe(0);
    expect(await friendsOf(who.a.token)).not.toContain(B.name);
    expect(await friendsOf(who.b.token)).not.toContain(A.name);
  });

  it("sends a reference and shows 'Billionett Request Sent'", async () => {
    await panel(pageA, 'Reference Candidates').getByRole('button', { name: 'New Request' }).click();
    const form = pageA.getByRole('dialog', { name: 'New Request' });
    await form.getByRole('button', { name: 'Send' }).click();
    for (const message of ['Referrer name is required.', 'Email / Mobile is required.', 'Please Choose Profession.']) {
      await expect.poll(() => form.getByText(message).isVisible()).toBe(true);
    }
    // The mask does not close it.
    await pageA.mouse.click(5, 400);
    expect(await form.isVisible()).toBe(true);
    await form.getByLabel('Name').fill('Ada Byron');
    await form.getByLabel('Email / Mobile').fill('not-an-address');
    await form.getByLabel('Email / Mobile').blur();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getByText('Invalid Email or Mobile number').isVisible()).toBe(true);
    await form.getByLabel('Email / Mobile').fill(`ada.${Date.now()}@example.com`);
    await form.getByPlaceholder('Choose profession').click();
    await pageA.getByRole('option').first().click();
    await viewShot(pageA, 'reference-modal');
    await form.getByRole('button', { name: 'Send' }).click();
    const sent = pageA.getByRole('dialog', { name: 'Billionett Request Sent' });
    await expect.poll(() => sent.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await sent.textContent()).toContain(
      'Thanks for your reference. Admin will contact to the reference candidate regarding the activation process.',
    );
    await pageA.waitForTimeout(400); // the form's fade-out, so the shot shows the dialog alone
    await viewShot(pageA, 'reference-sent');
    await sent.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => card(pageA, 'Reference Candidates', 'Ada Byron').isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('B accepts a request while offline; it shows pending and lands when back online', async () => {
    // A asks again (A dismissed B by unfriending, so straight through the API, as A's other device would).
    expect((await api('PUT', `user/friend-suggestion/${who.b.id}/accept`, who.a.token)).status).toBe(201);
    await pageB.goto('/suite/billionetts');
    await waitForServiceWorker(pageB);
    const request = card(pageB, 'Billionett Requests', A.name);
    await expect.poll(() => request.isVisible(), { timeout: 30_000 }).toBe(true);

    await ctxB.setOffline(true);
    await request.getByRole('button', { name: `Accept ${A.name}` }).click();
    const accepted = card(pageB, 'My Billionetts', A.name);
    await expect.poll(() => accepted.getByLabel('Billionett change: pending, not yet sent').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => request.count()).toBe(0);
    await accepted.scrollIntoViewIfNeeded();
    await viewShot(pageB, 'billionetts-accept-offline');
    expect(await friendsOf(who.b.token)).not.toContain(A.name);

    await ctxB.setOffline(false);
    await expect.poll(() => friendsOf(who.b.token), { timeout: 30_000 }).toContain(A.name);
    await expect.poll(() => accepted.getByLabel('Billionett change: pending, not yet sent').count(), { timeout: 30_000 }).toBe(0);
    expect(await friendsOf(who.a.token)).toContain(B.name);
    await shot(pageB, 'billionetts-accept-delivered');
  });
});
