/**
 * The foundation's member journeys against `npm start`'s server on a fresh DATA_DIR:
 * register → subscription → confirmation → checkin → home; a wrong password; the
 * shell and cached profile offline; an about text written offline reaching the
 * server exactly once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { accessToken, checkIn, newMember, register, subscribe, userData, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const activationCode = inject('activationCode');
// The second spare (circle-admin takes the first).
const [, spareCode = ''] = inject('spareActivationCodes');
const member = newMember(Date.now().toString(36));

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, baseUrl, true);
  page = await context.newPage();
});

afterAll(async () => {
  await browser.close();
});

const api = async (path: string, token: string) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
};

describe('accounts', () => {
  it('registers with a minted activation code and checks in to the home shell', async () => {
    await register(page, member);
    await page.waitForURL('**/subscription');
    await shot(page, 'subscription');
    await subscribe(page, /ruby/i, activationCode);
    await page.waitForURL('**/confirmation?reg=success');
    await shot(page, 'confirmation');
    await page.getByRole('link', { name: 'Go to Checkin' }).click();
    await page.waitForURL('**/checkin');
    await checkIn(page, member.email, member.password);
    await waitForHome(page);
    // The home shell: the header shows the new member's own picture, the side menu is there.
    await expect.poll(() => page.getByRole('img', { name: member.displayName }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'My suite' }).isVisible()).toBe(true);
    await shot(page, 'home');
  });

  it('refuses a used activation code with the server message', async () => {
    const other = await browser.newContext({ baseURL: baseUrl });
    const p = await other.newPage();
    await register(p, { ...newMember(`${Date.now().toString(36)}b`) });
    await p.waitForURL('**/subscription');
    await subscribe(p, /ruby/i, activationCode);
    await expect.poll(() => p.getByText(/activation code/i).count()).toBeGreaterThan(1);
    expect(p.url()).toContain('/subscription');
    // A fresh code then: the welcome page shows no toast of the failed attempt (issue 14).
    await subscribe(p, /ruby/i, spareCode);
    await p.waitForURL('**/confirmation?reg=success', { timeout: 30_000 });
    // (A toast closing slides out for a moment: what is left after it is what counts.)
    // Within a second: the failed attempt's toast would still be up for its 3 s otherwise.
    await expect.poll(() => p.locator('.mantine-Notification-root').allInnerTexts(), { timeout: 1000 }).toEqual([]);
    await other.close();
  });

  it("shows 'Email/Mobile or password invalid.' for a wrong password", async () => {
    const other = await browser.newContext({ baseURL: baseUrl });
    const p = await other.newPage();
    await checkIn(p, member.email, 'Wr0ng!password');
    await expect.poll(() => p.getByText('Email/Mobile or password invalid.').isVisible()).toBe(true);
    expect(new URL(p.url()).pathname).toBe('/checkin');
    await shot(p, 'checkin-wrong-password');
    await other.close();
  });

  it('opens the shell and the cached profile offline', async () => {
    await page.goto('/suite');
    await waitForServiceWorker(page);
    await expect.poll(() => page.getByText(member.displayName).filter({ visible: true }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByText(member.displayName).filter({ visible: true }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(page, 'suite-offline');
  });

  it('delivers an about text written offline exactly once when back online', async () => {
    const about = `Written on a train without signal ${Date.now()}.`;
    await page.getByRole('button', { name: 'Edit about' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill(about);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(about).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('About: pending, not yet sent').isVisible()).toBe(true);
    await shot(page, 'about-pending-offline');

    // Survives a reload while still offline.
    await page.reload();
    await expect.poll(() => page.getByText(about).first().isVisible(), { timeout: 30_000 }).toBe(true);

    await context.setOffline(false);
    const token = await accessToken(page);
    const { id } = await userData(page);
    // Delivered means the server has it: asked there, not inferred from the mark going (the
    // suite redraws as the reconnect's pull lands, and a mark can be gone for a moment).
    await expect.poll(async () => (await api(`user/${id}`, token)).body.data?.about, { timeout: 30_000 }).toBe(about);
    await expect.poll(() => page.getByLabel('About: pending, not yet sent').count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'About: failed' }).count()).toBe(0);
    // Exactly once: the server applied one write for this member with that text.
    const writes = await fetch(`${baseUrl}/dev/writes.json`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<unknown[]>);
    expect(writes.filter((w) => JSON.stringify(w).includes(about))).toHaveLength(1);
    await shot(page, 'about-delivered');
  });
});
