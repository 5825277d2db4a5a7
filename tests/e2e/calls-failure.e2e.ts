/**
 * Telex calls when the network fails (issue 30): Amara (desktop) calls Jonas (a phone), every
 * call relay-only through this file's own coturn (decision 0078's test hook).
 * - A network blip on Jonas's phone (context offline a few seconds): the telex socket
 *   closes, the page says it is reconnecting, and once back it resumes the call (`call.resume`)
 *   and restarts ICE: media flows again both ways, per getStats.
 * - A drop longer than the server's resume time (CALL_RESUME_MS) ends the call on both sides,
 *   each saying why, and leaves the call's line.
 * - The caller's network drops while it rings: the server cancels the ring; the caller's page
 *   says its connection dropped, the callee's stops ringing and says the call was cancelled.
 * - A call whose media cannot connect (the relay stopped): both sides say it could not
 *   connect and why, not that the other hung up.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALL_RESUME_MS } from '../../src/contract/calls';
import { callContext, iceUfrags, inboundBytes, launchWithFakeMedia, startCallsServer, type CallsServer } from './support/calls';
import { startCoturn, type Coturn } from './support/coturn';
import { checkIn, userData, waitForHome } from './support/pages';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../support/demo';

const amara = DEMO_MEMBERS[0]!;
const jonas = DEMO_MEMBERS[1]!;

let turn: Coturn;
let server: CallsServer;
let browser: Browser;
const contexts = {} as Record<'a' | 'j', BrowserContext>;
const p = {} as Record<'a' | 'j', Page>;
let jonasId = '';
let amaraId = '';

const panel = (page: Page) => page.getByTestId('call-panel');
const status = async (page: Page) => ((await panel(page).isVisible()) ? await page.getByTestId('call-status').innerText() : '');
const phase = (page: Page) => panel(page).getAttribute('data-phase', { timeout: 1_000 }).catch(() => null);
const close = async (page: Page) => {
  if (await panel(page).isVisible()) await panel(page).getByRole('button', { name: 'Close' }).click();
};
const DURATION = /^\d+:\d\d$/;

/** Media arrives now: the page's inbound bytes grow within a few seconds. */
async function flowing(page: Page): Promise<number> {
  const before = await inboundBytes(page);
  await new Promise((r) => setTimeout(r, 1_500));
  return (await inboundBytes(page)) - before;
}

/** Amara calls Jonas, Jonas answers on his phone; both wait for the call to be active when `connects`. */
async function answeredCall(kind: 'Voice call' | 'Video call', connects = true) {
  await p.a.goto(`/telex?with=${jonasId}`);
  const button = p.a.getByTestId('call-buttons').getByRole('button', { name: kind, exact: true });
  await expect.poll(() => button.isEnabled().catch(() => false), { timeout: 20_000 }).toBe(true);
  await button.click();
  const incoming = p.j.getByRole('alertdialog');
  await expect.poll(() => incoming.isVisible(), { timeout: 20_000 }).toBe(true);
  await incoming.getByRole('button', { name: 'Accept' }).click();
  if (!connects) return;
  for (const page of [p.a, p.j]) await expect.poll(() => phase(page), { timeout: 30_000 }).toBe('active');
  for (const page of [p.a, p.j]) await expect.poll(() => flowing(page), { timeout: 20_000 }).toBeGreaterThan(500);
}

/** The newest call line `page`'s member sees in the telex conversation with `peerId`, as 'outcome: words' (it may arrive a moment after the call ends). */
async function expectLastLine(page: Page, peerId: string, words: RegExp) {
  await page.goto(`/telex?with=${peerId}`);
  const line = page.locator('[data-call]').last();
  const read = async () => `${await line.getAttribute('data-call', { timeout: 1_000 })}: ${await line.locator('span').first().innerText({ timeout: 1_000 })}`;
  await expect.poll(() => read().catch(() => ''), { timeout: 20_000 }).toMatch(words);
}

beforeAll(async () => {
  turn = await startCoturn();
  server = await startCallsServer(turn, 20_000);
  browser = await launchWithFakeMedia();
  for (const [key, email, phone] of [['a', amara.email, false], ['j', jonas.email, true]] as const) {
    contexts[key] = await callContext(browser, server.baseUrl, phone);
    p[key] = await contexts[key].newPage();
    await checkIn(p[key], email, DEMO_PASSWORD);
    await waitForHome(p[key]);
  }
  jonasId = (await userData(p.j)).id ?? '';
  amaraId = (await userData(p.a)).id ?? '';
});

afterEach(async () => {
  for (const context of Object.values(contexts)) await context.setOffline(false);
  for (const page of Object.values(p)) {
    const hangUp = panel(page).getByRole('button', { name: 'Hang up' });
    if (await hangUp.isVisible()) await hangUp.click();
    await close(page);
  }
});

afterAll(async () => {
  for (const context of Object.values(contexts)) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await turn?.stop();
});

describe('telex calls when the network fails', () => {
  it('a network blip on the callee: the call is resumed, ICE restarts, media flows again', async () => {
    await answeredCall('Video call');
    const before = { a: await iceUfrags(p.a), j: await iceUfrags(p.j) };
    await contexts.j.setOffline(true);
    await expect.poll(() => status(p.j), { timeout: 10_000 }).toBe('Reconnecting…');
    await new Promise((r) => setTimeout(r, 5_000));
    await contexts.j.setOffline(false);
    // Back: the resumed socket and the ICE restart bring the timer back, and bytes flow both ways.
    for (const page of [p.j, p.a]) await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(DURATION);
    for (const page of [p.j, p.a]) await expect.poll(() => flowing(page), { timeout: 20_000 }).toBeGreaterThan(500);
    for (const page of [p.a, p.j]) await expect.poll(() => phase(page), { timeout: 10_000 }).toBe('active');
    // It was the ICE restart (new ufrags on both ends), on the same call, not a new one.
    expect(await iceUfrags(p.j)).not.toBe(before.j);
    expect(await iceUfrags(p.a)).not.toBe(before.a);
    await panel(p.a).getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => status(p.j), { timeout: 10_000 }).toBe(`${amara.displayName} hung up.`);
  });

  it('a drop longer than the resume time ends the call on both sides, each saying why, with its line', async () => {
    await answeredCall('Voice call');
    await contexts.j.setOffline(true);
    await expect.poll(() => status(p.j), { timeout: 10_000 }).toBe('Reconnecting…');
    await expect.poll(() => status(p.j), { timeout: CALL_RESUME_MS + 10_000 }).toBe('Your connection dropped for too long. Call ended.');
    await expect.poll(() => status(p.a), { timeout: 30_000 }).toBe(`${jonas.displayName} lost the connection. Call ended.`);
    await contexts.j.setOffline(false);
    for (const page of [p.a, p.j]) await close(page);
    await expectLastLine(p.a, jonasId, /^answered: Voice call · \d+ (s|min)$/);
    await expectLastLine(p.j, amaraId, /^answered: Voice call · \d+ (s|min)$/);
  });

  it("the caller's network drops while it rings: the ring is cancelled, and both sides say so", async () => {
    await p.a.goto(`/telex?with=${jonasId}`);
    const button = p.a.getByTestId('call-buttons').getByRole('button', { name: 'Voice call', exact: true });
    await expect.poll(() => button.isEnabled().catch(() => false), { timeout: 20_000 }).toBe(true);
    await button.click();
    const incoming = p.j.getByRole('alertdialog');
    await expect.poll(() => incoming.isVisible(), { timeout: 20_000 }).toBe(true);
    await contexts.a.setOffline(true);
    await expect.poll(() => status(p.a), { timeout: 15_000 }).toBe('Your connection dropped while it rang. Call cancelled.');
    await expect.poll(() => incoming.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => status(p.j), { timeout: 10_000 }).toBe(`${amara.displayName} cancelled the call.`);
  });

  it('could not connect: with the relay down, both sides say so and why', async () => {
    await turn.stop();
    await answeredCall('Voice call', false);
    const why = (name: string) => `Could not connect: the call relay did not answer, and you and ${name} are not on one network.`;
    await expect.poll(() => status(p.j), { timeout: 45_000 }).toBe(why(amara.displayName));
    await expect.poll(() => status(p.a), { timeout: 15_000 }).toBe(why(jonas.displayName));
    for (const page of [p.a, p.j]) await close(page);
    // Accepted, but no media ever flowed: the line says so, with no length.
    await expectLastLine(p.a, jonasId, /^failed: Voice call · could not connect$/);
    await expectLastLine(p.j, amaraId, /^failed: Voice call · could not connect$/);
  });
});
