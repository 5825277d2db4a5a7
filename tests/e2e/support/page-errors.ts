/**
 * Uncaught errors of the app's pages. A thrown error or an unhandled rejection is a write half
 * done or a screen half drawn, whatever the test then sees (a page's first telex message once
 * stayed pending for good behind an unhandled PrematureCommitError that no assertion named).
 * Every browser a suite launches reports its pages' errors here (a page's workers' too: Chromium
 * reports theirs as the page's); a test that leaves one fails (page-errors-setup.ts), with what
 * the page knew of the error.
 */
import type { Browser, BrowserContext } from 'playwright-core';

const uncaught: string[] = [];
const MARK = '[billionett:unhandled]';

/**
 * The page's side, as text: a function handed to addInitScript is sent as its source, and
 * under tsx (the benches) that source calls esbuild's `__name` helper, which the page lacks
 * ("__name is not defined" in every page, and no rejection reported).
 * Rejections only: window's 'error' also carries what is no exception (ResizeObserver's loop
 * notice, error: null); a thrown error reaches weberror with its stack.
 */
const REPORT_REJECTIONS = `addEventListener('unhandledrejection', (event) => {
  const error = event.reason;
  console.error(${JSON.stringify(MARK)} + ' rejection ' + location.href + ': ' + error?.name + ': ' + error?.message + '\\n' + (error?.stack ?? '') + '\\ninner: ' + (error?.inner?.stack ?? ''));
});`;

/** Watches every context `browser` makes (browser.newPage makes one too). */
export function watchPageErrors(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchContextErrors(await newContext(options));
  return browser;
}

/** Watches one context (a persistent one, made without a Browser). */
export async function watchContextErrors(context: BrowserContext): Promise<BrowserContext> {
  context.on('weberror', (webError) => {
    const error = webError.error();
    uncaught.push(`${webError.page()?.url() ?? 'a page'}: ${error.stack || `${error.name}: ${error.message}`}`);
  });
  // Playwright names a rejection that is not a native Error by little more than its name
  // (Dexie's errors): the page tells the rest, its message, stack and inner error.
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(MARK)) uncaught.push(message.text());
  });
  await context.addInitScript(REPORT_REJECTIONS);
  return context;
}

/** The errors since the last call. */
export const takePageErrors = (): string[] => uncaught.splice(0);
