/**
 * The member in Chromium for the fault tests: signed in through the balancer, writing
 * entries, comments and telex through the app's own screens (the composer, a card's comment
 * box, the telex box), every text kept in a ledger the database is checked against; and the
 * billionett they telex with, a plain socket in the test process that reopens when its host
 * goes away.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { waitForServiceWorker } from '../../e2e/support/browser';
import { openComposer } from '../../e2e/support/entries';
import { checkIn } from '../../e2e/support/pages';
import { TelexClient, type TelexLogin } from '../../support/telex';
import { recordingContext, type Seen } from './browser';
import { deployment } from './deployment';
import type { MemberLedger } from './ledger';

/**
 * `friendName`: the display name of the one billionett the member telexes with.
 * `onNextWrite`: set, it takes the next write the app sends (a POST, not a sign-in) instead
 * of the network, once.
 */
export type MemberApp = {
  context: BrowserContext;
  page: Page;
  seen: Seen[];
  ledger: MemberLedger;
  friendName: string;
  onNextWrite: ((route: Route) => Promise<void>) | null;
};

export async function openMemberApp(browser: Browser, login: { email: string; password: string }, friendName: string): Promise<MemberApp> {
  const { context, seen } = await recordingContext(browser);
  const app: MemberApp = { context, page: undefined as unknown as Page, seen, ledger: { entries: [], comments: [], telex: [] }, friendName, onNextWrite: null };
  // Routed from the start: a route added later does not reach the sync worker already running.
  await context.route('**/api/v1/**', async (route) => {
    const take = app.onNextWrite;
    if (!take || route.request().method() !== 'POST' || route.request().url().includes('/auth/')) return route.fallback();
    app.onNextWrite = null;
    await take(route);
  });
  const page = await context.newPage();
  app.page = page;
  await checkIn(page, login.email, login.password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  // In control before the member goes offline (the deploy's queued writes).
  await waitForServiceWorker(page);
  return app;
}

/**
 * Ends the routing openMemberApp set up, for good: the next write may no longer be taken.
 * Before an update, the member's app must meet the network as a member's does. With DevTools
 * intercepting its requests, Chromium started the old service worker again the moment "Reload"
 * had stopped it, and the reload that follows then hung the page for minutes (measured in
 * the rolling deploy: the page answered nothing, the new worker active and no document
 * requested; without the route, the same page, requests and all, reloaded into the new
 * release in a second).
 */
export async function stopTakingWrites(app: MemberApp): Promise<void> {
  app.onNextWrite = null;
  await app.context.unrouteAll({ behavior: 'wait' });
}

/** In-app navigation (the side menu): a full load would start a new sync worker and socket. */
export async function goHome(app: MemberApp): Promise<void> {
  await app.page.getByRole('link', { name: 'Home' }).first().click();
  await app.page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

/** The telex screen, with the billionett open (listed under Conversations once they have telexed). */
export async function goTelex(app: MemberApp): Promise<void> {
  await app.page.getByRole('link', { name: /^Telex/ }).first().click();
  await app.page.getByRole('button').filter({ hasText: app.friendName }).first().click();
  await telexBox(app.page).waitFor({ timeout: 15_000 });
}

const telexBox = (page: Page) => page.getByRole('textbox', { name: /Telex to/ });

export async function writeEntry(app: MemberApp, text: string): Promise<void> {
  const { page } = app;
  await openComposer(page);
  await page.getByLabel('Description').fill(text);
  await page.getByRole('button', { name: 'Post' }).click();
  app.ledger.entries.push(text);
  await expect.poll(() => page.getByText('Entry Created').first().isVisible(), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await page.locator('article').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });
}

/** A comment on the member's own entry `entryText` (on home). */
export async function writeComment(app: MemberApp, entryText: string, text: string): Promise<void> {
  const card = app.page.locator('article').filter({ hasText: entryText }).first();
  await card.getByRole('button', { name: /comment/i }).first().click();
  await card.getByLabel('Comment').fill(text);
  await card.getByLabel('Comment').press('Enter');
  app.ledger.comments.push(text);
  await expect.poll(() => card.getByText(text).first().isVisible(), { timeout: 30_000 }).toBe(true);
}

/** Sends a telex on the telex screen; taken when the box empties (queued, if need be). */
export async function sendTelex(app: MemberApp, text: string): Promise<void> {
  await telexBox(app.page).fill(text);
  await telexBox(app.page).press('Enter');
  app.ledger.telex.push(text);
  await expect.poll(() => telexBox(app.page).inputValue(), { timeout: 15_000 }).toBe('');
}

/** One of each, from home: an entry, a comment on it, a telex; ends on the telex screen. */
export async function writeOneOfEach(app: MemberApp, tag: string): Promise<void> {
  const entry = `${tag}: an entry ${Date.now().toString(36)}`;
  await goHome(app);
  await writeEntry(app, entry);
  await writeComment(app, entry, `${tag}: a comment ${Date.now().toString(36)}`);
  await goTelex(app);
  await sendTelex(app, `${tag}: a telex ${Date.now().toString(36)}`);
}

/** What the telex screen shows of `text`, and with which status (sent, delivered, read, pending…). */
export const shownTelex = (app: MemberApp, text: string) => app.page.getByTestId('telex-message').filter({ hasText: text });

/** The billionett at the other end: a socket through the balancer, reopened after its host went. */
export class Friend {
  private client: TelexClient | undefined;
  constructor(readonly login: TelexLogin) {}

  async socket(): Promise<TelexClient> {
    if (this.client && this.client.ws.readyState === this.client.ws.OPEN) return this.client;
    await this.client?.close().catch(() => {});
    this.client = await TelexClient.open(deployment().balancer, this.login);
    return this.client;
  }

  /** A telex to `to`, acknowledged (stored) by a host. */
  async send(to: string, text: string): Promise<void> {
    const c = await this.socket();
    const id = c.telex(to, text);
    await c.next((f) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === id, 15_000);
  }

  /** Waits for a message with `text` to arrive live on this socket. */
  async receives(text: string, timeoutMs = 20_000): Promise<void> {
    const c = await this.socket();
    await c.next((f) => f.type === 'message' && f.body === text, timeoutMs);
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => {});
  }
}
