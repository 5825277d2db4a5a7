/**
 * Bulletins (issue 16), against `npm start`'s seeded server and real Chromium:
 * - Amara's app is closed; Jonas comments on her entry. The server pushes the bulletin to
 *   her device's push service (a local one here, which decrypts it as a browser's would);
 *   that push is delivered to her service worker through the DevTools protocol: it shows
 *   the notification and sets the app badge. Opening its link shows the entry, and the
 *   bulletin list then shows it read.
 * - With her app open, the next comment arrives over the socket: the bell's count rises
 *   without a reload; 'Mark all read' clears it.
 * Each screen is shot at desktop and phone width and checked with axe-core.
 */
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { v7 as uuid } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { DEMO_MEMBERS } from '../support/demo';
import { PushService, type Device } from '../support/push-service';
import { seriousAxeFindings } from './support/axe';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { accessToken, checkIn } from './support/pages';
import { serviceWorkerDomain } from './support/worker-push';

const baseUrl = inject('baseUrl');
const [amara, jonas] = DEMO_MEMBERS as [(typeof DEMO_MEMBERS)[0], (typeof DEMO_MEMBERS)[0]];

let browser: Browser;
let push: PushService;
let context: BrowserContext;
let page: Page;
let amaraToken = '';
let jonasToken = '';
let device: Device;

async function look(p: Page, name: string): Promise<void> {
  // A drawer slides in (200 ms): shoot and audit it where it stops.
  await p.waitForTimeout(400);
  await shot(p, name);
  const findings = await seriousAxeFindings(p);
  expect({ [name]: findings.map((f) => `${f.id}: ${f.nodes.join(' | ')}`) }).toEqual({ [name]: [] });
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json() as Promise<{ data: unknown }>;
}

async function signInByApi(login: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/v1/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login.email, password: login.password }),
  });
  return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Amara's entry everyone may read, and Jonas's comment on it (her bulletin). */
async function commentedEntry(text: string): Promise<string> {
  const postCode = uuid();
  await api(amaraToken, 'POST', ENTRY_PATHS.create, { userPostCode: postCode, featureCode: 5, postDescription: `Harbour notes ${text}`, privacyCode: 1 });
  await api(jonasToken, 'POST', ENTRY_PATHS.commentCreate(postCode), { commentCode: uuid(), comment: text });
  return postCode;
}

const bell = (p: Page) => p.getByRole('button', { name: /^Bulletins/ });

/** The app's service worker, and a DevTools session that can deliver pushes to it. */
async function serviceWorker(p: Page): Promise<{ worker: Worker; deliver: (data: string) => Promise<void> }> {
  const { cdp, id } = await serviceWorkerDomain(context, p);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { worker, deliver: async (data) => void (await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: id, data })) };
}

describe('bulletins: a push while the app is closed, live while it is open', () => {
  beforeAll(async () => {
    browser = await launch();
    push = await PushService.start();
    context = await newContext(browser, baseUrl);
    // She turned bulletins on earlier (the browser's permission; a headless one denies by default).
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    page = await context.newPage();
    await checkIn(page, amara.email, amara.password);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await waitForServiceWorker(page);
    amaraToken = await accessToken(page);
    jonasToken = await signInByApi(jonas);
    // Her device's subscription, at a push service this test can read.
    device = push.device();
    await api(amaraToken, 'PUT', BULLETIN_PATHS.subscription, device.subscription);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await push?.close();
  });

  it('a comment while her app is closed: notification and badge from the push; its link opens the entry; the list shows it read', async () => {
    const { worker, deliver } = await serviceWorker(page);
    // The badge the worker sets, recorded (the Badging API has nothing to read back).
    await worker.evaluate(() => {
      const nav = self.navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void> };
      const set = nav.setAppBadge?.bind(nav);
      const seen: number[] = [];
      (self as unknown as { badges: number[] }).badges = seen;
      Object.defineProperty(nav, 'setAppBadge', {
        configurable: true,
        value: (n?: number) => {
          seen.push(n ?? 0);
          return set ? set(n).catch(() => undefined) : Promise.resolve();
        },
      });
    });
    await page.goto('about:blank');

    const before = push.for(device).length;
    const text = `Lovely light ${Date.now().toString(36)}`;
    const postCode = await commentedEntry(text);
    await expect.poll(() => push.for(device).length, { timeout: 30_000 }).toBe(before + 1);
    const payload = push.for(device).at(-1)!.payload as { body: string; url: string; count: number; tag: string };
    expect(payload).toMatchObject({ title: 'Billionett', body: 'Jonas Ferreira commented on your entry.', url: `/entries/${postCode}` });
    expect(payload.count).toBeGreaterThan(0);

    const shown = () =>
      worker.evaluate(async () => {
        const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
        return (await registration.getNotifications()).map((n: Notification) => ({ body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
      });
    // The DevTools protocol may drop a push to a starting worker; a push service redelivers (same tag).
    for (let attempt = 0; attempt < 5 && !(await shown()).some((n) => n.tag === payload.tag); attempt += 1) {
      await deliver(JSON.stringify(payload));
      await new Promise((r) => setTimeout(r, 800));
    }
    expect(await shown()).toContainEqual({ body: payload.body, tag: payload.tag, url: payload.url });
    expect(await worker.evaluate(() => (self as unknown as { badges: number[] }).badges)).toContain(payload.count);

    // What a click on it opens (sw/push.ts notificationclick navigates there).
    await page.goto(payload.url);
    // The comment itself: a bulletin's preview ('Harbour notes Lovely light …') may be drawn beside it.
    await expect.poll(() => page.getByText(text, { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await bell(page).click();
    const drawer = page.getByRole('dialog', { name: 'Bulletins' });
    const item = drawer.getByRole('listitem').filter({ hasText: 'Jonas Ferreira commented on your entry.' }).first();
    await expect.poll(() => item.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => item.getByText('Unread:').count(), { timeout: 30_000 }).toBe(0);
    await look(page, 'bulletins-drawer');
    await drawer.getByRole('button', { name: 'Close' }).first().click();
  });

  it('with her app open, the next one arrives live and Mark all read clears the count', async () => {
    // Earlier tests' bulletins (other files share this server) read, so the count starts at 0.
    await api(amaraToken, 'PUT', BULLETIN_PATHS.read, { all: true });
    await page.goto('/');
    await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 30_000 }).toBe('Bulletins');
    const drawer = page.getByRole('dialog', { name: 'Bulletins' });

    await commentedEntry(`Live ${Date.now().toString(36)}`);
    await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 30_000 }).toBe('Bulletins, 1 unread');
    await look(page, 'bulletins-bell-unread');
    await bell(page).click();
    await expect.poll(() => drawer.getByText('1 unread', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await drawer.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => drawer.getByText('All read', { exact: true }).isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Bulletins');
    // Read on the server too: a reload (a fresh pull) keeps it read.
    await page.reload();
    await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 30_000 }).toBe('Bulletins');
  });

  it('reads well on a phone', async () => {
    const phone = await newContext(browser, baseUrl, true);
    const p = await phone.newPage();
    await checkIn(p, amara.email, amara.password);
    await p.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await bell(p).click();
    const drawer = p.getByRole('dialog', { name: 'Bulletins' });
    await expect.poll(() => drawer.getByRole('listitem').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await look(p, 'bulletins-phone');
    await phone.close();
  });
});
