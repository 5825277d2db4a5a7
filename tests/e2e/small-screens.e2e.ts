/**
 * A phone, a narrow screen, a zoomed browser (issue 14): every screen fits 320 px and a
 * 1366 px window at 200% zoom (683 CSS px) without scrolling sideways; the phone's menu
 * drawer holds focus while open and gives it back to the burger on Escape; and emoji are
 * drawn as glyphs on a device with no emoji font of its own (this machine has none), from
 * the app's own font, signed out and signed in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS } from '../support/demo';
import { openScreen, settle, signedInScreens, SIGNED_OUT_SCREENS } from './support/app-screens';
import { launch, newContext } from './support/browser';
import { checkIn, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const amara = DEMO_MEMBERS[0]!;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function signIn(page: Page): Promise<void> {
  await checkIn(page, amara.email, amara.password);
  await waitForHome(page);
  await settle(page);
}

/** What sticks out past the window's right edge, when the page scrolls sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
  });

describe('small screens', () => {
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 683, height: 450 },
  ]) {
    it(`every screen fits ${viewport.width} px without scrolling sideways`, async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      const page = await context.newPage();
      const over: string[] = [];
      await page.goto('/checkin');
      await settle(page);
      for (const screen of SIGNED_OUT_SCREENS) {
        await openScreen(page, screen.path);
        for (const el of await sideways(page)) over.push(`${screen.name}: ${el}`);
      }
      await signIn(page);
      const screens = await signedInScreens(page, baseUrl);
      for (const screen of screens) {
        await openScreen(page, screen.path);
        for (const el of await sideways(page)) over.push(`${screen.name}: ${el}`);
      }
      await context.close();
      expect(over).toEqual([]);
    }, 300_000);
  }

  it('the phone menu opens on Home, keeps Tab inside, and Escape gives focus back to the burger', async () => {
    const context = await newContext(browser, baseUrl, true);
    const page = await context.newPage();
    await signIn(page);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('true');
    const where = () =>
      page.evaluate(() => ({
        inMenu: Boolean(document.activeElement?.closest('#side-menu')),
        text: document.activeElement?.textContent?.trim() ?? '',
      }));
    await expect.poll(where).toEqual({ inMenu: true, text: 'Home' });
    // Round the menu twice over: Tab never leaves it for the page behind.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect((await where()).inMenu).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await where()).inMenu).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation');
    await context.close();
  });

  it('draws emoji from its own font on a device with none', async () => {
    const context = await newContext(browser, baseUrl, true);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    type Font = { familyName: string; isCustomFont: boolean; glyphCount: number };
    const drawnFromOurs = async (id: string) => {
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `#${id}` });
      const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: Font[] };
      return fonts.filter((f) => f.isCustomFont && f.familyName === 'Noto Emoji').reduce((n, f) => n + f.glyphCount, 0);
    };
    // A feeling's emoji and others from other ranges (ones the machine's fonts have no glyph
    // for), in a new node: nothing on the screen has asked for their ranges before, so the
    // text is first shaped while they load (emoji-reshape.ts).
    const probe = async (id: string, emoji: string) => {
      await page.evaluate(
        ([text, probeId]) => {
          const span = document.createElement('span');
          span.id = probeId!;
          span.textContent = text!;
          document.querySelector('main')!.prepend(span);
        },
        [emoji, id],
      );
      await expect.poll(() => drawnFromOurs(id), { timeout: 15_000 }).toBe([...emoji].length);
    };
    await page.goto(`${baseUrl}/checkin`);
    await page.locator('main').waitFor();
    await probe('emoji-signed-out', '🙏🎉🥳🧭');
    await signIn(page);
    await probe('emoji-signed-in', '🦉🪁🫠🙏');
    await context.close();
  });
});
