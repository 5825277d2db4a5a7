/**
 * Telex between two members in two browser contexts (spec/product.md §2.12, §4). First, the
 * demo login Amara finds the conversation the seed gave her and Jonas (billionetts, so a
 * newcomer can try telex between the two logins). Then Amara (desktop) and a seeded member
 * with no tie to her and no conversation yet (a phone), made billionetts through the API.
 * A sends, B receives live; B goes offline, writes three telex, comes back and A
 * receives all three once, in order; the server restarts mid-conversation and both
 * clients reconnect by themselves and lose nothing.
 *
 * This file runs its OWN server process (own PORT and DATA_DIR, as global-setup.ts starts
 * the suite's), because it stops and restarts it; the suite's shared server is not touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext, shot } from './support/browser';
import { accessToken, checkIn, userData, waitForHome } from './support/pages';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../support/demo';
import { strangersOf } from '../support/demo-strangers';
import { DEMO_TELEX } from '../../src/server/seed/telex';

const PASSWORD = DEMO_PASSWORD;
const A = { email: 'amara@billionett.test', name: 'Amara Lindqvist' };
const stranger = strangersOf(0)[0]!;
const B = { email: stranger.email, name: stranger.displayName };
const jonas = DEMO_MEMBERS[1]!;

let dataDir = '';
let port = 0;
let baseUrl = '';
let server: ChildProcess | undefined;
let browser: Browser;
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let pageA: Page;
let pageB: Page;
const who = { a: { token: '', id: '' }, b: { token: '', id: '' } };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as { port: number };
      srv.close(() => resolve(p));
    });
  });

async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEV_TOOLS: '1', DEMO_PASSWORD };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn('node', ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  server = child;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`telex server exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('telex server not healthy');
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

const api = async (method: string, path: string, token: string) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { data?: { chatHistory?: { id: string; body: string }[] } } };
};
/** The conversation as the server stored it, oldest first. */
const storedBodies = async () =>
  ((await api('GET', `chat/history/${who.b.id}?pageNo=1&pageSize=50`, who.a.token)).body.data?.chatHistory ?? []).map((m) => m.body).toReversed();

const messages = (page: Page): Locator => page.getByTestId('telex-message');
const bodies = (page: Page) => messages(page).locator('p').allInnerTexts();
const box = (page: Page) => page.getByRole('textbox', { name: /Telex to/ });

async function send(page: Page, text: string) {
  await box(page).fill(text);
  await box(page).press('Enter');
  await expect.poll(() => box(page).inputValue()).toBe('');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'billionett-telex-e2e-'));
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  await startServer();
  browser = await launch();
  ctxA = await newContext(browser, baseUrl);
  ctxB = await newContext(browser, baseUrl, true);
  pageA = await ctxA.newPage();
  pageB = await ctxB.newPage();
  for (const [page, m, key] of [[pageA, A, 'a'], [pageB, B, 'b']] as const) {
    await checkIn(page, m.email, PASSWORD);
    await waitForHome(page);
    who[key] = { token: await accessToken(page), id: (await userData(page)).id ?? '' };
  }
  // Only billionetts telex each other: A asks, B accepts.
  const asked = await api('PUT', `user/friend-suggestion/${who.b.id}/accept`, who.a.token);
  const accepted = await api('POST', `user/friend-request/${who.a.id}/accept`, who.b.token);
  if (asked.status >= 300 || accepted.status >= 300) throw new Error(`befriending failed: ${asked.status} ${accepted.status}`);
});

afterAll(async () => {
  await browser?.close();
  await stopServer();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('telex', () => {
  it("the demo logins are billionetts: Amara's telex shows the seeded conversation with Jonas", async () => {
    await pageA.goto('/telex');
    const withJonas = pageA.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(jonas.displayName) });
    await expect.poll(() => withJonas.isVisible(), { timeout: 20_000 }).toBe(true);
    await withJonas.click();
    await expect.poll(() => bodies(pageA), { timeout: 15_000 }).toEqual(DEMO_TELEX.map(([, , text]) => text));
    await shot(pageA, 'telex-demo-history-desktop');
  });

  it('A sends, B receives live (unread first, read once opened)', async () => {
    await pageB.goto('/telex');
    // No conversation yet: the telex pane opens on the billionetts, whom a first telex goes to.
    await expect.poll(() => pageB.getByRole('tab', { name: 'Billionetts' }).getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    await pageA.goto(`/telex?with=${who.b.id}`);
    await expect.poll(() => pageA.getByText('Online', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await send(pageA, 'Hello, telex works!');

    // B, on the list, sees the conversation come in with one unread.
    const conversation = pageB.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(A.name) });
    await expect.poll(() => conversation.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => conversation.getByLabel('1 unread').isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(pageB, 'telex-list-mobile');
    await conversation.click();
    await expect.poll(() => bodies(pageB), { timeout: 10_000 }).toEqual(['Hello, telex works!']);
    // A sees it read (coloured double tick).
    await expect.poll(() => messages(pageA).last().getAttribute('data-status'), { timeout: 15_000 }).toBe('read');
    await send(pageB, 'Hi Amara! Loud and clear.');
    await expect.poll(() => bodies(pageA), { timeout: 15_000 }).toEqual(['Hello, telex works!', 'Hi Amara! Loud and clear.']);
  });

  it('B goes offline, writes three telex, comes back: A receives all three once, in order', async () => {
    await ctxB.setOffline(true);
    for (const text of ['Offline one', 'Offline two', 'Offline three']) await send(pageB, text);
    // Kept on B's device, marked pending (clock), not yet at A.
    await expect.poll(() => messages(pageB).last().getAttribute('data-status'), { timeout: 5_000 }).toBe('pending');
    await shot(pageB, 'telex-offline-pending-mobile');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await bodies(pageA)).not.toContain('Offline one');

    await ctxB.setOffline(false);
    const expected = ['Hello, telex works!', 'Hi Amara! Loud and clear.', 'Offline one', 'Offline two', 'Offline three'];
    await expect.poll(() => bodies(pageA), { timeout: 30_000 }).toEqual(expected);
    await expect.poll(() => messages(pageB).last().getAttribute('data-status'), { timeout: 15_000 }).toBe('read');
    expect(await storedBodies()).toEqual(expected);
    await shot(pageA, 'telex-chat-desktop');
  });

  it('the server restarts mid-conversation: both reconnect by themselves and nothing is lost', async () => {
    await stopServer();
    // Written while the server is down: pending on A's device.
    await send(pageA, 'Sent while the server restarts');
    await expect.poll(() => messages(pageA).last().getAttribute('data-status'), { timeout: 5_000 }).toBe('pending');
    await startServer();

    await expect.poll(() => bodies(pageB), { timeout: 40_000 }).toContain('Sent while the server restarts');
    await send(pageB, 'Back after the restart');
    await expect.poll(() => bodies(pageA), { timeout: 30_000 }).toContain('Back after the restart');
    const expected = [
      'Hello, telex works!',
      'Hi Amara! Loud and clear.',
      'Offline one',
      'Offline two',
      'Offline three',
      'Sent while the server restarts',
      'Back after the restart',
    ];
    expect(await bodies(pageA)).toEqual(expected);
    expect(await bodies(pageB)).toEqual(expected);
    expect(await storedBodies()).toEqual(expected);
    await shot(pageA, 'telex-after-restart-desktop');
    await shot(pageB, 'telex-after-restart-mobile');
  });
});
