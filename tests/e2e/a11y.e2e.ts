/**
 * The app-wide accessibility audit (issue 14): axe-core on every screen (app-screens.ts) and
 * the main dialogs and drawers (app-dialogs.ts), at desktop (1366×900) and phone (390×844)
 * width, in the light and the dark colour scheme. Any serious or critical finding fails, with
 * its rule, its help text and the nodes it found. The device's scheme is emulated
 * (`colorScheme`), which the app's default Appearance, System, follows; a last test proves
 * the Appearance switch itself. Each screen's view is saved under tests/e2e/screenshots/a11y/
 * for review (viewport only).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS } from '../support/demo';
import { closeDialogs, DIALOGS } from './support/app-dialogs';
import { openScreen, settle, signedInScreens, SIGNED_OUT_SCREENS } from './support/app-screens';
import { seriousAxeFindings } from './support/axe';
import { launch } from './support/browser';
import { checkIn, waitForHome } from './support/pages';
import { watchSteps } from './support/step-deadline';

const baseUrl = inject('baseUrl');
const amara = DEMO_MEMBERS[0]!;
const SHOTS = 'tests/e2e/screenshots/a11y';
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;
/** A screen (or dialog) audited in both schemes takes 2–10 s; past this, the walk says where the page was (step-deadline.ts). */
const STEP_MS = 90_000;

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});

afterAll(async () => {
  await browser.close();
});

const schemeOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

async function signIn(page: Page): Promise<void> {
  await checkIn(page, amara.email, amara.password);
  await waitForHome(page);
  await settle(page);
}

describe('every screen, every width, both colour schemes', () => {
  for (const width of WIDTHS) {
    // One visit per width: each screen (and dialog) is audited in the light scheme, then the
    // device turns dark under it and it is audited again — the screens and the sign-in are
    // walked once, not once per scheme.
    it(`${width.name}, light and dark: no serious or critical axe finding`, async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: width.viewport, colorScheme: SCHEMES[0] });
      const page = await context.newPage();
      const steps = await watchSteps(page);
      const findings: string[] = [];
      let audited = 0;
      const check = async (step: string) => {
        const dialogOpen = (await page.getByRole('dialog').count()) > 0;
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme });
          // The app follows the device (Appearance: System) before anything is judged.
          await expect.poll(() => schemeOf(page), { message: `${step}: the app follows the device to ${scheme}` }).toBe(scheme);
          // Mantine's colour transitions end before contrast is measured.
          await page.waitForTimeout(200);
          // With a dialog open, the dialog alone: the screen behind it had its own audit.
          for (const f of await seriousAxeFindings(page, dialogOpen ? '[role="dialog"]' : undefined)) {
            findings.push(`[${scheme} ${width.name}] ${step}: ${f.id} (${f.impact}) ${f.help}\n    ${f.nodes.join('\n    ')}`);
          }
          audited++;
          await page.screenshot({ path: `${SHOTS}/${scheme}-${width.name}-${step}.png` });
        }
        await page.emulateMedia({ colorScheme: SCHEMES[0] });
        await expect.poll(() => schemeOf(page)).toBe(SCHEMES[0]);
      };

      await page.goto('/checkin');
      await settle(page);
      for (const screen of SIGNED_OUT_SCREENS) {
        await steps.within(`${width.name} ${screen.name}`, STEP_MS, async () => {
          await openScreen(page, screen.path);
          await check(screen.name);
        });
      }

      await signIn(page);
      const screens = await signedInScreens(page, baseUrl);
      for (const screen of screens) {
        await steps.within(`${width.name} ${screen.name}`, STEP_MS, async () => {
          await openScreen(page, screen.path);
          await check(screen.name);
        });
        for (const dialog of DIALOGS.filter((d) => d.on === screen.name || (d.on === undefined && screen.name === 'home'))) {
          await steps.within(`${width.name} ${screen.name}, ${dialog.name}`, STEP_MS, async () => {
            await dialog.open(page, check);
            await closeDialogs(page);
          });
        }
        if (screen.name === 'home' && width.name === 'phone') {
          await page.getByRole('button', { name: 'Toggle navigation' }).click();
          await settle(page);
          await check('navigation');
          await page.getByRole('button', { name: 'Toggle navigation' }).click();
          await settle(page);
        }
      }
      await steps.stop();
      await context.close();
      expect(audited).toBeGreaterThan(SCHEMES.length * (SIGNED_OUT_SCREENS.length + screens.length));
      expect(findings.join('\n\n')).toBe('');
    }, 600_000);
  }
});

describe('Appearance', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ baseURL: baseUrl, viewport: WIDTHS[0].viewport, colorScheme: 'light' });
    page = await context.newPage();
    await page.goto('/checkin');
    await signIn(page);
  });

  afterAll(async () => {
    await context.close();
  });

  const bodyBackground = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('Dark in the settings turns the app dark at once, is kept on this device and applies before the app starts', async () => {
    const lightBody = await bodyBackground(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Appearance' }).click();
    await expect.poll(() => dialog.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Dark' }).check();
    expect(await schemeOf(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('billionett:color-scheme'))).toBe('dark');
    await settle(page);
    const darkBody = await bodyBackground(page);
    expect(darkBody).not.toBe(lightBody);

    // A new start on this device, with the app's code held back (no service worker to serve
    // it): the page is dark from the HTML and public/color-scheme.js alone.
    const cold = await browser.newContext({
      baseURL: baseUrl,
      colorScheme: 'light',
      serviceWorkers: 'block',
      storageState: await context.storageState(),
    });
    const coldPage = await cold.newPage();
    await coldPage.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await coldPage.goto('/');
    await coldPage.locator('.bn-splash').waitFor();
    expect(await schemeOf(coldPage)).toBe('dark');
    expect(await bodyBackground(coldPage)).toBe(darkBody);
    await cold.close();
  });

  it('System follows the device as it changes; Light stays light on a dark device', async () => {
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('radio', { name: 'System' }).check();
    expect(await schemeOf(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => schemeOf(page)).toBe('dark');
    await dialog.getByRole('radio', { name: 'Light' }).check();
    expect(await schemeOf(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('billionett:color-scheme'))).toBe('light');
  });
});
