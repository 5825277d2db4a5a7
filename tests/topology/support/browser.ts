/**
 * Chromium against the balancer. The balancer's origin is plain http on an address that is
 * not loopback, where a browser gives no service worker and no WebCrypto; the flag below
 * makes this one origin count as secure, as https would on a real deployment.
 */
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { watchPageErrors } from '../../e2e/support/page-errors';
import { deployment } from './deployment';

export async function launchAgainstBalancer(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--unsafely-treat-insecure-origin-as-secure=${deployment().balancer}`],
  });
  return watchPageErrors(browser);
}

export type Seen = { method: string; path: string; status: number; host: string };

/**
 * Every API answer the context gets (the page's and its sync worker's), with the host the
 * balancer sent it to; `seen` fills as the member works.
 */
export async function recordingContext(browser: Browser): Promise<{ context: BrowserContext; seen: Seen[] }> {
  const context = await browser.newContext({ baseURL: deployment().balancer, viewport: { width: 1280, height: 900 } });
  const seen: Seen[] = [];
  const record = (r: Response) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    seen.push({ method: r.request().method(), path: url.pathname, status: r.status(), host: r.headers()['x-billionett-host'] ?? '' });
  };
  context.on('response', record);
  return { context, seen };
}
