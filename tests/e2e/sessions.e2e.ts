/**
 * Sessions a member can see and end (issue 29), in Chromium against `npm start`'s server:
 * Checkout ends the session on the server (the old token is refused); from a laptop the
 * member signs their phone out in 'Where you're signed in' — the phone, mid-use with a
 * write queued offline, is signed out within seconds and keeps the write for its next
 * sign-in, which delivers it once; 'Sign out everywhere else' reaches an idle phone
 * through its telex socket. The screen passes axe in both schemes.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeFindings } from './support/axe';
import { shot, waitForServiceWorker } from './support/browser';
import { accountJourney } from './support/account-journey';
import { accessToken, checkIn, checkout, openAccountSetting, userData, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const [, , , activationCode] = inject('spareActivationCodes');
const journey = accountJourney(baseUrl, 's', activationCode);
const { member } = journey;

const contexts: BrowserContext[] = [];

const status = async (path: string, token: string) => (await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

/** A device: its own browser context (own storage), checked in on home. */
async function device(kind: 'laptop' | 'phone', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const viewport = kind === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  const context = await journey.browser.newContext({ baseURL: baseUrl, viewport, colorScheme });
  contexts.push(context);
  const page = await context.newPage();
  await checkIn(page, member.email, member.password);
  await waitForHome(page);
  return page;
}

const onCheckin = (page: Page) => new URL(page.url()).pathname === '/checkin';

describe('sessions', () => {
  it('Checkout ends the session on the server: the token it held is refused', async () => {
    const page = await device('laptop');
    const token = await accessToken(page);
    expect(await status('user/sessions', token)).toBe(200);
    await checkout(page);
    await expect.poll(() => status('user/sessions', token), { timeout: 10_000 }).toBe(401);
  });

  it("signs the phone out from the laptop: out within seconds mid-use, its queued write kept and delivered once after", async () => {
    const phone = await device('phone', 'dark');
    await phone.goto('/suite');
    await waitForServiceWorker(phone);
    const laptop = await device('laptop');

    // The phone writes its about text on a train: queued.
    const about = `Queued on the phone ${Date.now()}.`;
    await phone.context().setOffline(true);
    await phone.getByRole('button', { name: 'Edit about' }).click();
    await phone.getByRole('dialog').getByRole('textbox').fill(about);
    await phone.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => phone.getByLabel('About: pending, not yet sent').isVisible()).toBe(true);

    // On the laptop: Settings → Account → Where you're signed in.
    await openAccountSetting(laptop, "Where you're signed in");
    await laptop.waitForURL('**/settings/sessions');
    const list = laptop.getByRole('list', { name: "Where you're signed in" });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'This device' }).count()).toBe(1);
    await shot(laptop, 'sessions-laptop');
    expect(await seriousAxeFindings(laptop)).toEqual([]);
    await list.getByRole('button', { name: /^Sign out: / }).click();
    await expect.poll(() => laptop.getByText('Signed out.').first().isVisible()).toBe(true);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    // The phone comes back online: its next call is refused, it is signed out, the write kept.
    await phone.context().setOffline(false);
    await expect.poll(() => onCheckin(phone), { timeout: 15_000 }).toBe(true);
    await checkIn(phone, member.email, member.password);
    await phone.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const token = await accessToken(phone);
    const { id } = await userData(phone);
    await expect
      .poll(async () => ((await (await fetch(`${baseUrl}/api/v1/user/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data?: { about?: string } }).data?.about, { timeout: 30_000 })
      .toBe(about);
    const writes = await fetch(`${baseUrl}/dev/writes.json`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<unknown[]>);
    expect(writes.filter((w) => JSON.stringify(w).includes(about))).toHaveLength(1);

    // The phone idles on its telex; the laptop signs out everywhere else: the phone hears at once.
    await phone.goto('/telex');
    await phone.getByRole('heading', { name: 'Telex' }).waitFor();
    await laptop.reload();
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await laptop.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => onCheckin(phone), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await phone.setViewportSize({ width: 390, height: 844 });
    await checkIn(phone, member.email, member.password);
    await phone.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await phone.goto('/settings/sessions');
    await phone.getByRole('list', { name: "Where you're signed in" }).getByRole('listitem').first().waitFor();
    await shot(phone, 'sessions-phone-dark');
    expect(await seriousAxeFindings(phone)).toEqual([]);

    // The phone changes the password; signing the others out is offered, on: the laptop is out.
    await phone.getByRole('button', { name: 'Change password' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('Not#mine1');
    await dialog.getByLabel('New password').fill('N3w!password');
    expect(await dialog.getByRole('checkbox', { name: 'Sign out everywhere else' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => dialog.getByText('That is not your current password.').isVisible()).toBe(true);
    expect(await seriousAxeFindings(phone, '[role="dialog"]')).toEqual([]);
    await shot(phone, 'change-password-phone-dark');
    await dialog.getByLabel('Current password').fill(member.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => phone.getByText('Password changed.').first().isVisible()).toBe(true);
    await laptop.goto('/suite');
    await expect.poll(() => onCheckin(laptop), { timeout: 15_000 }).toBe(true);
    // The phone goes on signed in, with the new password its own.
    await phone.reload();
    await phone.getByRole('list', { name: "Where you're signed in" }).getByRole('listitem').first().waitFor({ timeout: 15_000 });
    expect(onCheckin(phone)).toBe(false);
  });
});
