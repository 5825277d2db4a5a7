/**
 * Shared pieces of the first-feed-card measures (feed-paint.ts, feed-scroll.ts):
 * signing a demo member in without touching the browser's caches, and the clock.
 *
 * The clock: from navigation start (performance.timeOrigin, so performance.now()) to
 * the frame that first shows a feed card. An init script watches the DOM with a
 * MutationObserver from the document's creation; when the first `article` appears
 * inside the feed it observes the card's size, and the observer's first report —
 * delivered in the rendering of the frame that holds the card, right after that frame's
 * layout and before its paint (a few ms of both pages) — stores performance.now() in
 * `window.__firstCard`. Element Timing would be the browser's own word for it, but it
 * reports images and real text only, and the first paint draws its words with CSS.
 *
 * The clock before it (`window.__firstCardNextTask`, still printed beside it): the next
 * animation frame, then one task more (a MessageChannel message). That task waits for
 * every task queued before it, and on home those are the page's own: the first paint's
 * timer that starts the app once the frame is made, the app's script starting. Traced,
 * it stamped home's card 30–80 ms after its frame, the bare floor page's 6–30 ms.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { SessionData } from '../../src/contract/auth';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';

/** The feed's cards (the app: `section[aria-label=Feed]`; the floor page: `#feed`). */
export const CARD_SELECTOR = 'section[aria-label="Feed"] article, #feed article';

export const FIRST_CARD_CLOCK = `(() => {
  const seen = () => document.querySelector(${JSON.stringify(CARD_SELECTOR)});
  const observer = new MutationObserver(() => {
    const card = seen();
    if (!card) return;
    observer.disconnect();
    performance.mark('first-card-in-dom');
    const sizes = new ResizeObserver(() => {
      sizes.disconnect();
      window.__firstCard = performance.now();
      performance.mark('first-card');
    });
    sizes.observe(card);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__firstCardNextTask = performance.now(); };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Milliseconds from navigation start to the first card's frame, once it has happened. */
export async function firstCardMs(page: Page, timeout = 120_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window as { __firstCard?: number }).__firstCard, undefined, { timeout, polling: 50 });
  return (await handle.jsonValue()) as number;
}

/** The same by the clock before (see the top): the task after the card's animation frame. */
export async function firstCardNextTaskMs(page: Page, timeout = 120_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window as { __firstCardNextTask?: number }).__firstCardNextTask, undefined, { timeout, polling: 50 });
  return (await handle.jsonValue()) as number;
}

/** Signs a demo member in through the API from Node: the browser's caches stay cold. */
export async function signInByApi(baseUrl: string, login = DEMO_LOGINS[0]!): Promise<SessionData> {
  const res = await fetch(`${baseUrl}/api/v1/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login.email, emailId: login.email, password: login.password }),
  });
  const body = (await res.json()) as { data?: SessionData };
  if (!res.ok || !body.data) throw new Error(`sign-in failed: ${res.status}`);
  return body.data;
}

/**
 * Stores a session the way the app does after sign-in (store/local-session.ts: localStorage
 * accessToken + userData; sync/session.ts: the device database's `session` row, read by
 * the worker), on a page of the origin that is not the app (/api/v1/health), so no
 * service worker is installed and the member's database is not created.
 * `billionett-device` is Dexie's version 1 = IndexedDB version 10, store `session` keyed by `key`.
 */
export async function injectSession(context: BrowserContext, baseUrl: string, session: SessionData): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/v1/health`);
  await page.evaluate(async (s) => {
    const { accessToken, ...user } = s;
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('userData', JSON.stringify(user));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('billionett-device', 10);
      open.addEventListener('upgradeneeded', () => open.result.createObjectStore('session', { keyPath: 'key' }));
      open.addEventListener('success', () => resolve(open.result));
      open.addEventListener('error', () => reject(open.error));
    });
    await new Promise((resolve, reject) => {
      const tx = db.transaction('session', 'readwrite');
      tx.objectStore('session').put({ ...s, key: 'current' });
      tx.addEventListener('complete', resolve);
      tx.addEventListener('error', () => reject(tx.error));
    });
    db.close();
  }, session);
  await page.close();
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
