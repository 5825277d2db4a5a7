/** JavaScript of the first screen (shell + /checkin), gzip: every JS response Chromium loads for it, gzipped here. */
import { gzipSync } from 'node:zlib';
import { launch } from '../e2e/support/browser';

export async function measureFirstScreenJs(baseUrl: string) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    let total = 0;
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript') || res.url().endsWith('/sw.js')) return;
      pending.push(
        res
          .body()
          .then((b) => void (total += gzipSync(b, { level: 9 }).length))
          .catch(() => undefined),
      );
    });
    await page.goto(`${baseUrl}/checkin`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return { measure: 'first screen JS (shell + /checkin), gzip', value: `${(total / 1024).toFixed(1)} KB`, budget: '≤ 170 KB' };
  } finally {
    await browser.close();
  }
}
