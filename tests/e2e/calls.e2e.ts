/**
 * Telex calls (issue 30) between the demo billionetts Amara (desktop) and Jonas (on a phone
 * and on a desktop: two devices), and a seeded stranger made Jonas's billionett, in Chromium
 * with fake camera and microphone. Every call is relay-only (decision 0078's test hook), so
 * its media must cross the real coturn this file starts; getStats proves it on both sides.
 * Then: declined, busy, missed (the ring shortened to RING_MS) with its bulletin, and the two
 * devices' rings (first accept wins, the other stops). Axe and screenshots at 1280 and 390
 * of the incoming dialog and the call's panel. Last, Jonas's phone with the app closed rings by
 * its service worker's notification, whose Accept link answers the call (decision 0079).
 *
 * Own server (TURN_URLS, TURN_SECRET, CALL_RING_MS): the suite's shared one has no relay.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from './support/axe';
import { callContext, launchWithFakeMedia, mediaPath, startCallsServer, type CallsServer } from './support/calls';
import { startCoturn, type Coturn } from './support/coturn';
import { accessToken, checkIn, userData, waitForHome } from './support/pages';
import { workerPush } from './support/worker-push';
import { callAnswerUrl, callPushTag, callPushTitle } from '../../src/contract/call-push';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../support/demo';
import { strangersOf } from '../support/demo-strangers';

// The product's own 30 s: the first test rings, screenshots and audits before it answers.
const RING_MS = 30_000;
const amara = DEMO_MEMBERS[0]!;
const jonas = DEMO_MEMBERS[1]!;
const stranger = strangersOf(1)[0]!;

let turn: Coturn;
let server: CallsServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** A: Amara, desktop. J1: Jonas, phone. J2: Jonas, desktop. C: the stranger, desktop. */
const p = {} as Record<'a' | 'j1' | 'j2' | 'c', Page>;
const who = {} as Record<'a' | 'j' | 'c', { token: string; id: string }>;

const api = async (method: string, path: string, token: string) => (await fetch(`${server.baseUrl}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` } })).status;

const incoming = (page: Page) => page.getByRole('alertdialog');
const panel = (page: Page) => page.getByTestId('call-panel');
const status = async (page: Page) => ((await panel(page).isVisible()) ? await page.getByTestId('call-status').innerText() : '');
const phase = (page: Page) => panel(page).getAttribute('data-phase', { timeout: 1_000 }).catch(() => null);
const close = async (page: Page) => {
  if (await panel(page).isVisible()) await panel(page).getByRole('button', { name: 'Close' }).click();
};

/** Opens the telex conversation with `peerId` and calls. */
/** `then`: what the caller reads once the ring went out (a refusal's words instead). */
async function call(page: Page, peerId: string, kind: 'Voice call' | 'Video call', then = /^Ringing /) {
  await page.goto(`/telex?with=${peerId}`);
  const button = page.getByTestId('call-buttons').getByRole('button', { name: kind, exact: true });
  // 'enabled', or why not (the buttons' reason, or that they are not drawn).
  const ready = async () => ((await button.isEnabled().catch(() => false)) ? 'enabled' : await page.getByTestId('call-buttons').innerText({ timeout: 500 }).catch(() => 'no call buttons'));
  await expect.poll(ready, { timeout: 20_000 }).toBe('enabled');
  await button.click();
  await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(then);
}

/** What the member sees (not the whole scrolled page): the call floats over the screen. */
const view = async (page: Page, name: string) => {
  mkdirSync('tests/e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png` });
};

/**
 * The call's controls that are off screen or under something else (the element at each
 * one's centre is not it): none, when the panel leaves them visible and clickable.
 */
const hiddenControls = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>('[data-testid="call-panel"] [role="group"][aria-label="Call controls"] :is(button, select)');
    return [...controls]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const onScreen = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !onScreen || !top || !el.contains(top);
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent ?? '?');
  });

beforeAll(async () => {
  turn = await startCoturn();
  server = await startCallsServer(turn, RING_MS);
  browser = await launchWithFakeMedia();
  const logins = [
    ['a', amara.email, false],
    ['j1', jonas.email, true],
    ['j2', jonas.email, false],
    ['c', stranger.email, false],
  ] as const;
  for (const [key, email, phone] of logins) {
    const context = await callContext(browser, server.baseUrl, phone);
    contexts.push(context);
    p[key] = await context.newPage();
    await checkIn(p[key], email, DEMO_PASSWORD);
    await waitForHome(p[key]);
  }
  for (const [key, page] of [['a', p.a], ['j', p.j1], ['c', p.c]] as const) who[key] = { token: await accessToken(page), id: (await userData(page)).id ?? '' };
  // The stranger and Jonas become billionetts (only billionetts call each other).
  const asked = await api('PUT', `user/friend-suggestion/${who.j.id}/accept`, who.c.token);
  const accepted = await api('POST', `user/friend-request/${who.c.id}/accept`, who.j.token);
  if (asked >= 300 || accepted >= 300) throw new Error(`befriending failed: ${asked} ${accepted}`);
});

// A test that failed half-way leaves no call behind for the next: hang up, decline, close.
afterEach(async () => {
  for (const page of Object.values(p)) {
    if (await incoming(page).isVisible()) await incoming(page).getByRole('button', { name: 'Decline' }).click();
    const hangUp = panel(page).getByRole('button', { name: 'Hang up' });
    if (await hangUp.isVisible()) await hangUp.click();
    await close(page);
  }
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await turn?.stop();
});

describe('telex calls', () => {
  it('a voice call crosses the relay both ways; both devices ring, the first accept wins; hang up leaves the line', async () => {
    await call(p.a, who.j.id, 'Voice call');
    // Both of Jonas's devices ring, with Amara's name; focus starts on Accept.
    for (const page of [p.j1, p.j2]) {
      await expect.poll(() => incoming(page).isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => incoming(page).innerText(), { timeout: 15_000 }).toContain(amara.displayName);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 5_000 }).toBe('Accept');
    }
    await view(p.j1, 'call-incoming-phone');
    await view(p.j2, 'call-incoming-desktop');
    expect(await seriousAxeFindings(p.j2, '[role="alertdialog"]')).toEqual([]);

    await p.j1.keyboard.press('Enter');
    // The other device stops ringing and says why.
    await expect.poll(() => incoming(p.j2).isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => status(p.j2), { timeout: 10_000 }).toBe('Answered on another device.');
    for (const page of [p.a, p.j1]) await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('active');
    // The media crossed the relay, and each side received some.
    for (const page of [p.a, p.j1]) {
      await expect.poll(async () => (await mediaPath(page))?.bytesReceived ?? 0, { timeout: 20_000 }).toBeGreaterThan(1_000);
      expect(await mediaPath(page)).toMatchObject({ relayed: true, localType: 'relay', remoteType: 'relay', state: 'connected' });
    }
    await expect.poll(() => status(p.a), { timeout: 10_000 }).toMatch(/^0:0[1-9]|^0:[1-5]\d$/);
    await expect.poll(() => p.a.getByTestId('call-quality').isVisible(), { timeout: 10_000 }).toBe(true);
    await view(p.a, 'call-voice-desktop');
    await view(p.j1, 'call-voice-phone');
    expect(await seriousAxeFindings(p.a, '[data-testid="call-panel"]')).toEqual([]);

    // The call goes on while Amara moves to another screen.
    await p.a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await waitForHome(p.a);
    expect(await phase(p.a)).toBe('active');

    await panel(p.a).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => status(p.a), { timeout: 10_000 }).toBe('Call ended.');
    await expect.poll(() => status(p.j1), { timeout: 10_000 }).toBe(`${amara.displayName} hung up.`);
    await p.a.goto(`/telex?with=${who.j.id}`);
    const line = p.a.locator('[data-call="answered"]').last();
    await expect.poll(() => line.innerText().catch(() => ''), { timeout: 20_000 }).toMatch(/Voice call · \d+ (s|min)/);
    for (const page of [p.a, p.j1, p.j2]) await close(page);
  });

  it('declined: the caller reads it, the decliner too, and the other device stops ringing', async () => {
    await call(p.a, who.j.id, 'Video call');
    await expect.poll(() => incoming(p.j2).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => incoming(p.j1).isVisible(), { timeout: 20_000 }).toBe(true);
    await incoming(p.j2).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => status(p.a), { timeout: 10_000 }).toBe(`${jonas.displayName} declined the call.`);
    await expect.poll(() => status(p.j2), { timeout: 5_000 }).toBe('You declined the call.');
    await expect.poll(() => status(p.j1), { timeout: 10_000 }).toBe('Declined on another device.');
    await expect.poll(() => p.a.locator('[data-call="declined"]').last().innerText().catch(() => ''), { timeout: 20_000 }).toContain('Declined video call');
    for (const page of [p.a, p.j1, p.j2]) await close(page);
  });

  it('busy: a billionett calling someone already in a call reads that they are busy', async () => {
    await call(p.a, who.j.id, 'Video call');
    await expect.poll(() => incoming(p.j1).isVisible(), { timeout: 20_000 }).toBe(true);
    await incoming(p.j1).getByRole('button', { name: 'Accept' }).click();
    for (const page of [p.a, p.j1]) await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('active');
    await expect.poll(async () => (await mediaPath(p.j1))?.bytesReceived ?? 0, { timeout: 20_000 }).toBeGreaterThan(1_000);
    await view(p.a, 'call-video-desktop');
    await view(p.j1, 'call-video-phone');
    // Mute, camera, hang up: on screen and on top at 1280×800 and 390×844, light and dark.
    for (const page of [p.a, p.j1]) expect(await hiddenControls(page)).toEqual([]);
    // Readable in the dark scheme too (the app follows the device's by default).
    for (const [page, name] of [[p.a, 'call-video-desktop-dark'], [p.j1, 'call-video-phone-dark']] as const) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await view(page, name);
      expect(await hiddenControls(page)).toEqual([]);
      expect(await seriousAxeFindings(page, '[data-testid="call-panel"]')).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
    }
    expect(await seriousAxeFindings(p.j1, '[data-testid="call-panel"]')).toEqual([]);
    // The panel took the focus when the call began: the next Tab is Mute, and Space presses it.
    await p.a.keyboard.press('Tab');
    expect(await p.a.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Mute');
    await p.a.keyboard.press('Space');
    await expect.poll(() => panel(p.a).getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    await p.a.keyboard.press('Space');

    await call(p.c, who.j.id, 'Voice call', new RegExp(`^${jonas.displayName} is busy in another call\\.$`));
    expect(await phase(p.j1)).toBe('active');
    await panel(p.j1).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => status(p.a), { timeout: 10_000 }).toBe(`${jonas.displayName} hung up.`);
    for (const page of [p.a, p.j1, p.j2, p.c]) await close(page);
  });

  it('missed: nobody answers within the ring time; both sides say so and Jonas gets a bulletin', async () => {
    await call(p.a, who.j.id, 'Voice call');
    await expect.poll(() => incoming(p.j1).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => status(p.a), { timeout: RING_MS + 15_000 }).toBe(`${jonas.displayName} did not answer.`);
    for (const page of [p.j1, p.j2]) {
      await expect.poll(() => incoming(page).isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => status(page), { timeout: 10_000 }).toBe(`You missed a call from ${amara.displayName}.`);
    }
    await p.j2.goto('/');
    await p.j2.getByRole('button', { name: /^Bulletins/ }).click();
    const drawer = p.j2.getByRole('dialog', { name: 'Bulletins' });
    await expect
      .poll(() => drawer.getByRole('listitem').filter({ hasText: `Missed call from ${amara.displayName}.` }).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
  });

  it('a closed app rings by push: a notification with Accept and Decline, whose link answers the call', async () => {
    const phone = contexts[1]!;
    await phone.grantPermissions(['notifications'], { origin: server.baseUrl });
    // Jonas closes the app on his phone; its service worker stays registered.
    await p.j1.close();
    // A page of the site that is not the app: it reads the notifications and rings nothing itself.
    const reader = await phone.newPage();
    await reader.goto('/api/v1/health');
    const worker = await workerPush(phone, reader, server.baseUrl);

    // A ring that arrives after its own end (a push service keeps no order between pushes, and
    // with several hosts the two leave from different ones) is not shown: the call is over.
    const over = `over-${Date.now()}`;
    const overRing = { title: callPushTitle('voice', amara.displayName), body: 'Tap to answer.', url: callAnswerUrl(who.a.id, over), tag: callPushTag(over) };
    const overCall = { id: over, from: who.a.id, kind: 'voice' };
    expect(await worker.pushUntil({ ...overRing, call: { ...overCall, state: 'ringing' } }, (list) => list.length === 1)).toHaveLength(1);
    expect(await worker.pushUntil({ ...overRing, call: { ...overCall, state: 'ended' } }, (list) => list.length === 0)).toEqual([]);
    expect(await worker.pushUntil({ ...overRing, call: { ...overCall, state: 'ringing' } }, () => false, 1)).toEqual([]);

    await call(p.a, who.j.id, 'Video call');
    const callId = (await panel(p.a).getAttribute('data-call-id')) ?? '';
    // What the server pushes for this ring (tests/server/calls-ring-push.test.ts checks it field by field).
    const ring = {
      title: callPushTitle('video', amara.displayName),
      body: 'Tap to answer.',
      url: callAnswerUrl(who.a.id, callId),
      tag: callPushTag(callId),
      call: { id: callId, from: who.a.id, kind: 'video', state: 'ringing' },
    };
    const [shown] = await worker.pushUntil(ring, (list) => list.length > 0);
    expect(shown).toEqual({
      title: `Video call from ${amara.displayName}`,
      body: 'Tap to answer.',
      tag: callPushTag(callId),
      requireInteraction: true,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'decline', title: 'Decline' },
      ],
      data: { url: ring.url, call: { id: callId } },
    });

    // Accept opens the notification's link: the app starts, its socket hears the ring, and answers it.
    const answered = await phone.newPage();
    p.j1 = answered;
    await answered.goto((shown!.data as { url: string }).url);
    for (const page of [p.a, answered]) await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('active');
    await expect.poll(() => status(p.j2), { timeout: 10_000 }).toBe('Answered on another device.');
    await expect.poll(async () => (await mediaPath(answered))?.bytesReceived ?? 0, { timeout: 20_000 }).toBeGreaterThan(1_000);

    // The ring's end (the server pushes it on the accept), with the same tag, takes the notification back.
    expect(await worker.pushUntil({ ...ring, call: { ...ring.call, state: 'ended' } }, (list) => list.length === 0)).toEqual([]);
    // With the app open and showing, a ring is the app's to show: the worker shows none.
    await worker.pushUntil(ring, () => false, 1);
    expect(await worker.shown()).toEqual([]);

    await panel(p.a).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => status(answered), { timeout: 10_000 }).toBe(`${amara.displayName} hung up.`);
    await reader.close();
  });
});
