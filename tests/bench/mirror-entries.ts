/**
 * Mirror 1,000 entries into IndexedDB inside a worker, in Chromium: the member's real
 * database (opened by the app), one readwrite transaction putting 1,000 post rows into
 * `posts` — what the sync worker's `db.posts.bulkPut` does for a feed page, at 200× size.
 * The rows are the server's own feed items (the seeded home feed), re-keyed to 1,000.
 */
import { launch } from '../e2e/support/browser';
import { accessToken, checkIn, userData } from '../e2e/support/pages';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';

export async function measureMirrorEntries(baseUrl: string) {
  const browser = await launch();
  try {
    const page = await browser.newPage({ baseURL: baseUrl });
    const login = DEMO_LOGINS[0]!;
    await checkIn(page, login.email, login.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('article').first().waitFor({ timeout: 60_000 });
    const token = await accessToken(page);
    const { id } = await userData(page);
    const feed = (await fetch(`${baseUrl}/api/v1/user/posts/all?pageNo=1&pageSize=100`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())) as { data: { userPosts: unknown[] } };
    const feedItems = feed.data.userPosts;

    const ms = await page.evaluate(
      async ({ code, items }) => {
        const source = `
          onmessage = async (event) => {
            const { name, rows } = event.data;
            const db = await new Promise((resolve, reject) => {
              const open = indexedDB.open(name);
              open.addEventListener('success', () => resolve(open.result));
              open.addEventListener('error', () => reject(open.error));
            });
            const started = performance.now();
            const tx = db.transaction('posts', 'readwrite');
            const store = tx.objectStore('posts');
            for (const row of rows) store.put(row);
            await new Promise((resolve, reject) => {
              tx.addEventListener('complete', resolve);
              tx.addEventListener('error', () => reject(tx.error));
            });
            postMessage(performance.now() - started);
          };`;
        const rows = Array.from({ length: 1000 }, (_, i) => {
          const item = structuredClone(items[i % items.length]) as Record<string, unknown>;
          return { ...item, postCode: `bench-${String(i).padStart(4, '0')}`, postedAt: new Date(Date.now() - i * 60_000).toISOString() };
        });
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        const done = new Promise<number>((resolve) => worker.addEventListener('message', (e) => resolve(e.data as number)));
        // A Worker's postMessage takes no targetOrigin (that is window.postMessage).
        // oxlint-disable-next-line unicorn/require-post-message-target-origin
        worker.postMessage({ name: `billionett-${code}`, rows });
        const elapsed = await done;
        worker.terminate();
        return elapsed;
      },
      { code: id!, items: feedItems },
    );
    return { measure: 'mirror 1,000 entries into IndexedDB in a worker (Chromium)', value: `${ms.toFixed(0)} ms`, budget: '≤ 150 ms' };
  } finally {
    await browser.close();
  }
}
