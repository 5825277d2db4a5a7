/**
 * Two members in Chromium whose telex sockets sit on different hosts telex each other live:
 * the message crosses from one host to the other through Redis. Round robin alone might put
 * both sockets on one host, so the balancer is steered as an operator would for a deploy
 * ("drain": no new requests, open ones kept): A's page opens while only api1 takes new
 * requests, B's while only api2 does; then all three are back in rotation.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../src/contract/chat';
import { API_BASE } from '../../src/contract/codes';
import { checkIn } from '../e2e/support/pages';
import { befriend } from '../support/telex';
import { launchAgainstBalancer, recordingContext } from './support/browser';
import { allLogs, deployment, explainedAsync, HOSTS, hostName, setHostState } from './support/deployment';
import { api, newMember } from './support/http';
import { MACHINES, run } from './support/net';

let browser: Browser;

beforeAll(async () => {
  browser = await launchAgainstBalancer();
});

afterAll(async () => {
  await browser?.close();
  for (const i of HOSTS) await setHostState(hostName(i), 'ready');
});

const messages = (page: Page): Locator => page.getByTestId('telex-message');
const bodies = (page: Page) => messages(page).locator('p').allInnerTexts();
const box = (page: Page) => page.getByRole('textbox', { name: /Telex to/ });

async function send(page: Page, text: string): Promise<void> {
  await box(page).fill(text);
  await box(page).press('Enter');
  await expect.poll(() => box(page).inputValue()).toBe('');
}

/**
 * The API processes holding a member's logged-in sockets: each process keeps one field in
 * Redis' `telex:presence:<userCode>` (src/server/realtime/presence.ts).
 */
const socketProcesses = (userCode: string) =>
  run('redis-cli', ['-h', MACHINES.database.address, 'hkeys', `telex:presence:${userCode}`]).split('\n').filter(Boolean);

/** Opens `member`'s conversation with `other` while only `host` takes new requests. */
async function openOn(host: string, member: { email: string; password: string; userCode: string }, other: string): Promise<Page> {
  for (const i of HOSTS) await setHostState(hostName(i), hostName(i) === host ? 'ready' : 'drain');
  const { context, seen } = await recordingContext(browser);
  const page = await context.newPage();
  await checkIn(page, member.email, member.password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.goto(`/telex?with=${other}`);
  await box(page).waitFor({ timeout: 30_000 });
  await expect.poll(() => socketProcesses(member.userCode).length, { timeout: 20_000 }).toBe(1);
  expect(new Set(seen.map((s) => s.host))).toEqual(new Set([host]));
  return page;
}

describe('telex across hosts', () => {
  it('two members on sockets held by different hosts telex each other live', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await befriend(`${deployment().balancer}${API_BASE}`, a, b);
    const pageA = await openOn('api1', a, b.userCode);
    const pageB = await openOn('api2', b, a.userCode);
    for (const i of HOSTS) await setHostState(hostName(i), 'ready');
    // Two API processes, one socket each.
    expect(socketProcesses(a.userCode)).not.toEqual(socketProcesses(b.userCode));

    // On failure: what each page shows (with each message's status) and what the server stored.
    const state = async () => {
      const shown = async (page: Page) => messages(page).evaluateAll((els) => els.map((e) => `${e.textContent} [${e.getAttribute('data-status')}]`));
      const stored = await api('GET', CHAT_PATHS.conversation(b.userCode), { token: a.token });
      return `A shows ${JSON.stringify(await shown(pageA))}\nB shows ${JSON.stringify(await shown(pageB))}\nstored ${JSON.stringify(stored.body?.data?.chatHistory?.map((m: { body: string }) => m.body))}\n${allLogs(1500)}`;
    };
    await send(pageA, 'Hello from a socket on api1');
    await explainedAsync(async () => {
      await expect.poll(() => bodies(pageB), { timeout: 15_000 }).toEqual(['Hello from a socket on api1']);
    }, state);
    await send(pageB, 'And back from api2');
    await explainedAsync(async () => {
      await expect.poll(() => bodies(pageA), { timeout: 15_000 }).toEqual(['Hello from a socket on api1', 'And back from api2']);
    }, state);
    await expect.poll(() => bodies(pageB), { timeout: 5_000 }).toEqual(['Hello from a socket on api1', 'And back from api2']);
  });
});
