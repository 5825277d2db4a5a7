/**
 * First feed card (BUDGETS.md), three ways, for one demo member, clock in first-card.ts:
 *
 * - offline, warm cache: after one online visit that installed the service worker and
 *   mirrored the feed, the context goes offline and a new page opens `/` (shell from the
 *   SW's precache, rows from the member's Dexie database);
 * - online-first, no cache: a fresh context (no SW, no member database, empty HTTP
 *   cache) holding only the session (first-card.ts `injectSession`), the page throttled
 *   to Slow 3G with CDP (400 ms RTT, 400 kbit/s both ways = 50,000 bytes/s), opens `/`:
 *   shell, scripts and the feed page all come over the throttled network;
 * - the floor: a bare page of the same origin (so it sees the same IndexedDB) that opens
 *   the member's database with plain indexedDB, reads feed page 1's rows and paints them
 *   as bare articles. It is answered by Playwright (page.route) at an /api/ path, which
 *   the SW passes to the network (sw/caching.ts), while the context is offline — with the
 *   headers the server gives the app's own page (`documentHeaders`). Without them the floor
 *   was measured in a lighter process model than any page of the app can have: the app's
 *   Cross-Origin-Opener-Policy (and Origin-Agent-Cluster) make Chromium open a new page of
 *   it in a fresh renderer, ~250 ms here, where a header-less page reuses the tab's first
 *   one. Its Content-Security-Policy is left out: it would refuse the floor's inline script.
 */
import type { Browser } from 'playwright-core';
import { launch, newContext } from '../e2e/support/browser';
import { homeSignedIn } from '../e2e/support/pages';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { FIRST_CARD_CLOCK, firstCardMs, firstCardNextTaskMs, injectSession, median, signInByApi } from './first-card';

/** Interleaved pairs: with 7 the floor's median moved by ±20 ms between runs of the same code. */
const WARM_RUNS = 11;
const COLD_RUNS = 3;
const FLOOR_PATH = '/api/bench-floor';

const FLOOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title></head>
<body><main id="feed"></main><script>
(async () => {
  const me = JSON.parse(localStorage.getItem('userData')).id;
  const ask = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const db = await ask(indexedDB.open('billionett-' + me));
  const tx = db.transaction(['listPages', 'posts'], 'readonly');
  const page = await ask(tx.objectStore('listPages').get('feed:' + me + ':all||:1'));
  const rows = await Promise.all(page.codes.map((code) => ask(tx.objectStore('posts').get(code))));
  const feed = document.getElementById('feed');
  for (const row of rows) {
    const post = (row.sharedDetails && row.sharedDetails.sharedPost) || row.originalPost;
    if (!post) continue;
    const card = document.createElement('article');
    const who = document.createElement('b');
    who.textContent = post.postedBy.displayName;
    const text = document.createElement('p');
    text.textContent = post.postDescription;
    card.append(who, text);
    feed.append(card);
  }
})();
</script></body></html>`;

type Row = { measure: string; value: string; budget: string };

/** The headers the server answers the app's page with, but its CSP and the body's own (length, encoding, validators). */
async function documentHeaders(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/`);
  await res.arrayBuffer();
  const skip = new Set(['content-security-policy', 'content-length', 'content-encoding', 'transfer-encoding', 'etag', 'last-modified', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
}

async function warmAndFloor(browser: Browser, baseUrl: string) {
  const context = await newContext(browser, baseUrl, true);
  try {
    await context.addInitScript(FIRST_CARD_CLOCK);
    const headers = { ...(await documentHeaders(baseUrl)), 'content-type': 'text/html; charset=utf-8' };
    await context.route(`**${FLOOR_PATH}`, (route) => route.fulfill({ headers, body: FLOOR_PAGE }));
    const first = await context.newPage();
    await homeSignedIn(first, DEMO_LOGINS[0]!);
    await first.close();
    await context.setOffline(true);

    const warm: number[] = [];
    const floor: number[] = [];
    // By the clock before (first-card.ts), printed beside.
    const before = { warm: [] as number[], floor: [] as number[] };
    // Interleaved, so a slow moment of the machine weighs on both sides.
    for (let i = 0; i < WARM_RUNS; i++) {
      for (const [path, into, intoBefore] of [['/', warm, before.warm], [FLOOR_PATH, floor, before.floor]] as const) {
        const page = await context.newPage();
        await page.goto(path);
        into.push(await firstCardMs(page));
        intoBefore.push(await firstCardNextTaskMs(page));
        await page.close();
      }
    }
    return { warm, floor, before };
  } finally {
    await context.close();
  }
}

async function coldOnline(browser: Browser, baseUrl: string): Promise<number> {
  const context = await newContext(browser, baseUrl, true);
  try {
    await injectSession(context, baseUrl, await signInByApi(baseUrl));
    await context.addInitScript(FIRST_CARD_CLOCK);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await page.goto('/', { waitUntil: 'commit' });
    return await firstCardMs(page, 180_000);
  } finally {
    await context.close();
  }
}

export async function measureFeedPaint(baseUrl: string): Promise<Row[]> {
  const browser = await launch();
  try {
    const { warm, floor, before } = await warmAndFloor(browser, baseUrl);
    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) cold.push(await coldOnline(browser, baseUrl));
    const [w, f, c] = [median(warm), median(floor), median(cold)];
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log(`first feed card, ms — offline warm: ${list(warm)}; floor: ${list(floor)}; online-first Slow 3G: ${list(cold)}`);
    const [bw, bf] = [median(before.warm), median(before.floor)];
    console.log(`  by the clock before (the task after the frame): offline warm ${list(before.warm)}; floor ${list(before.floor)}; ÷ ${(bw / bf).toFixed(2)}`);
    return [
      { measure: 'first feed card offline, warm (median)', value: `${w.toFixed(0)} ms`, budget: '' },
      { measure: 'first feed card online-first, Slow 3G (median)', value: `${c.toFixed(0)} ms`, budget: '' },
      { measure: 'first feed card offline ÷ online-first Slow 3G', value: (w / c).toFixed(3), budget: '≤ 0.2' },
      { measure: 'first feed card floor (bare page, IndexedDB)', value: `${f.toFixed(0)} ms`, budget: '' },
      { measure: 'first feed card offline ÷ floor', value: (w / f).toFixed(2), budget: '≤ 2' },
    ];
  } finally {
    await browser.close();
  }
}
