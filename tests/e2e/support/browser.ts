/** Headless Debian Chromium through playwright-core, with the flags this machine needs. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { watchPageErrors } from './page-errors';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return watchPageErrors(await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }));
}

export async function newContext(browser: Browser, baseURL: string, mobile = false): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
}

/** Waits until a service worker controls the page (needed before going offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

export async function shot(page: Page, name: string): Promise<void> {
  const dir = 'tests/e2e/screenshots';
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
