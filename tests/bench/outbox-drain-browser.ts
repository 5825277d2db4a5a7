/**
 * 100 queued writes delivered after the network returns, in Chromium: a member's
 * outbox gets 100 about edits while the context is offline (written straight into
 * the member's IndexedDB, exactly as commands.ts would), then the network comes back;
 * timed from setOffline(false) to an empty outbox — the real worker, IndexedDB and server.
 */
import { launch, waitForServiceWorker } from '../e2e/support/browser';
import { checkIn } from '../e2e/support/pages';
import { targets } from '../../src/contract/targets';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';

export async function measureOutboxDrainInBrowser(baseUrl: string) {
  const browser = await launch();
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const login = DEMO_LOGINS[0]!;
    await checkIn(page, login.email, login.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/suite');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Edit about' }).waitFor();
    const userCode = await page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: string }).id);

    await context.setOffline(true);
    // The target is computed here: the page function runs in the browser, without our modules.
    await page.evaluate(async ({ code, target }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`billionett-${code}`);
        open.addEventListener('success', () => resolve(open.result));
        open.addEventListener('error', () => reject(open.error));
      });
      const tx = db.transaction('outbox', 'readwrite');
      const now = Date.now();
      for (let i = 0; i < 100; i++) {
        // Ids sort in creation order, like the UUIDv7 ids commands.ts makes.
        const id = `${now.toString(16).padStart(12, '0')}-bench-${String(i).padStart(4, '0')}`;
        tx.objectStore('outbox').add({
          id,
          kind: 'about.update',
          payload: { userCode: code, data: { about: `Bench about text number ${i}.` } },
          target,
          status: 'pending',
          attempts: 0,
          createdAt: now + i,
        });
      }
      await new Promise((resolve, reject) => {
        tx.addEventListener('complete', resolve);
        tx.addEventListener('error', () => reject(tx.error));
      });
      db.close();
    }, { code: userCode, target: targets.profile(userCode) });

    const started = Date.now();
    await context.setOffline(false);
    for (;;) {
      const left = await page.evaluate(async (code) => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open(`billionett-${code}`);
          open.addEventListener('success', () => resolve(open.result));
        });
        const n = await new Promise<number>((resolve) => {
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.addEventListener('success', () => resolve(req.result));
        });
        db.close();
        return n;
      }, userCode);
      if (left === 0) break;
      if (Date.now() - started > 120_000) throw new Error(`outbox still holds ${left} items after 120 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = Date.now() - started;
    return { measure: '100 queued writes delivered after online (Chromium)', value: `${ms} ms`, budget: '≤ 2000 ms' };
  } finally {
    await browser.close();
  }
}
