/**
 * JavaScript of the first screen (shell + /checkin), gzip: every JS response Chromium loads for
 * it, gzipped here. The screen is complete when the checkin form can be typed into and the
 * network is then idle: `networkidle` alone could fire before the route's chunk and the sync
 * worker were asked for (on a slower machine one run counted 127.6 KB and the next 155.1 KB of
 * the same build). A response whose body Chromium no longer holds is fetched again, not skipped.
 */
import { gzipSync } from 'node:zlib';
import { launch } from '../e2e/support/browser';

export async function measureFirstScreenJs(baseUrl: string) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const sizes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript') || res.url().endsWith('/sw.js')) return;
      pending.push(
        res
          .body()
          .catch(async () => Buffer.from(await (await fetch(res.url())).arrayBuffer()))
          .then((b) => void sizes.set(res.url(), gzipSync(b, { level: 9 }).length)),
      );
    });
    await page.goto(`${baseUrl}/checkin`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email Or Mobile').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const total = [...sizes.values()].reduce((sum, n) => sum + n, 0);
    return { measure: `first screen JS (shell + /checkin), gzip; ${sizes.size} files`, value: `${(total / 1024).toFixed(1)} KB`, budget: '≤ 170 KB' };
  } finally {
    await browser.close();
  }
}
