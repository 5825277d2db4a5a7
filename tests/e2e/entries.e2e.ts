/**
 * Entries offline, against `npm start`'s server (composing each type online is
 * compose.e2e.ts): offline, an entry with an image, a comment (on someone else's card)
 * and a rating (of the new entry, so it waits for it) are written, survive a reload,
 * and when the network returns each reaches the server exactly once and the cards leave
 * pending; the feed reloads offline with its cards.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { shot } from './support/browser';
import { appliedWrites, openComposer, serverEntries } from './support/entries';
import { signedInBrowser } from './support/pages';

const baseUrl = inject('baseUrl');
const login = DEMO_LOGINS[1]!;
const stamp = Date.now().toString(36);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ browser, context, page } = await signedInBrowser(baseUrl, login));
});

afterAll(async () => {
  await browser.close();
});

/**
 * Rates like a member with a mouse: Mantine's Rating follows the pointer (hovering picks
 * the half or whole star under it, from the x offset) and a click takes the hovered
 * value; so move over the stars first, then click at the same spot.
 */
async function rateWithMouse(card: ReturnType<Page['locator']>, rating: number): Promise<void> {
  const stars = card.getByLabel('Rate this entry');
  // The windowed feed places cards as they are measured (a picture loading moves the ones
  // below): aim only at a box that held still for a frame, as a member's eye would.
  const steadyBox = async () => {
    await stars.scrollIntoViewIfNeeded();
    for (;;) {
      const before = (await stars.boundingBox())!;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const after = (await stars.boundingBox())!;
      if (before.x === after.x && before.y === after.y && before.width === after.width) return after;
    }
  };
  const box = await steadyBox();
  // Half-star steps: the pointer a quarter star left of the value's right edge picks it.
  const x = box.x + (box.width / 5) * (rating - 0.25);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.move(x, y, { steps: 5 });
  const aimed = await steadyBox();
  await page.mouse.click(aimed.x + (aimed.width / 5) * (rating - 0.25), aimed.y + aimed.height / 2);
}

describe('entries', () => {
  it('keeps an offline entry with an image, a comment and a rating through a reload, then delivers each once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billionett-e2e-img-'));
    const file = join(dir, 'harbour.png');
    writeFileSync(file, await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer());
    const text = `Written offline with a picture ${stamp}`;
    // Not carrying `stamp`: the card is found as the first one without it, before and after.
    const comment = `Offline comment ${Math.random().toString(36).slice(2, 8)}`;

    await page.goto('/');
    await context.setOffline(true);
    await openComposer(page);
    await page.getByLabel('Description').fill(text);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Photo / Video' }).click();
    await (await chooser).setFiles(file);
    await page.getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => page.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 30_000 }).toBe(true);

    // A comment on the first seeded card that is not ours.
    const card = page.locator('article').filter({ hasNotText: stamp }).first();
    await card.getByRole('button', { name: /comment/i }).first().click();
    await card.getByLabel('Comment').fill(comment);
    await card.getByLabel('Comment').press('Enter');
    await expect.poll(() => card.getByText(comment).isVisible()).toBe(true);

    const mine = page.locator('article').filter({ hasText: text }).first();
    await rateWithMouse(mine, 3.5);
    await expect.poll(() => mine.getByRole('radio', { name: '3.5' }).isChecked()).toBe(true);
    await expect.poll(() => mine.getByText('pending').isVisible()).toBe(true);
    await shot(page, 'entries-offline-pending');

    await page.reload();
    await expect.poll(() => mine.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await mine.getByRole('radio', { name: '3.5' }).isChecked()).toBe(true);
    // The picture shows from the device's own copy (an object URL of its Dexie blob), loaded.
    const local = mine.locator('img[src^="blob:"]');
    await expect.poll(() => local.count()).toBe(1);
    await expect.poll(() => local.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    // A small picture is never drawn past its natural size (stretched to the card, blurred).
    expect(await local.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBeLessThanOrEqual(320);
    await shot(page, 'entries-offline-reloaded');

    await context.setOffline(false);
    await expect.poll(async () => (await appliedWrites(page, baseUrl, text)).length, { timeout: 60_000 }).toBe(1);
    await expect.poll(async () => (await appliedWrites(page, baseUrl, comment)).length, { timeout: 60_000 }).toBe(1);
    const [entry, ...more] = await serverEntries(page, baseUrl, text);
    expect(more).toHaveLength(0);
    expect(entry!.postGalleries).toHaveLength(1);
    await expect.poll(async () => (await appliedWrites(page, baseUrl, `/${entry!.postCode}/rate`)).length, { timeout: 60_000 }).toBe(1);
    const [rated] = await serverEntries(page, baseUrl, text);
    expect(rated!.currentRating).toBe(3.5);
    // The cards leave pending: the entry, its rating and the comment are delivered.
    await expect.poll(() => mine.getByText('pending').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => card.getByText('pending').count(), { timeout: 30_000 }).toBe(0);
    await shot(page, 'entries-delivered');

    // Delivered, the card shows the server's file: still at most its natural size, wide or narrow.
    const served = mine.locator('img[src*="/media/"]');
    await expect.poll(() => served.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(320);
    const drawn = () => served.evaluate((img: HTMLImageElement) => ({ width: img.getBoundingClientRect().width, height: img.getBoundingClientRect().height }));
    expect((await drawn()).width).toBeLessThanOrEqual(320);
    expect((await drawn()).height).toBeLessThanOrEqual(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await mine.scrollIntoViewIfNeeded();
    expect((await drawn()).width).toBeLessThanOrEqual(320);
    await shot(page, 'entries-small-picture-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('reloads the feed offline with its cards: painted from the mirror before the app, then the app', async () => {
    await page.goto('/');
    const cards = page.getByRole('article', { name: /^Entry by / });
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    // What the first paint (public/first-paint.js) drew, seen as it is drawn: its cards' authors.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const picture = document.querySelectorAll('#root .fp section[aria-label="Feed"] article .fp-name');
        if (picture.length === 0) return;
        seen.disconnect();
        (window as { firstPainted?: string[] }).firstPainted = [...picture].map((n) => n.getAttribute('data-t') ?? '');
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await context.setOffline(true);
    await page.reload();
    // The app's own cards (the picture is hidden from assistive technology: not among them).
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    const painted = await page.evaluate(() => (window as { firstPainted?: string[] }).firstPainted ?? []);
    expect(painted.length).toBeGreaterThan(2);
    // The app draws the cards on the screen first and those below it a frame later each.
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(painted.length);
    const drawn = (await cards.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label') ?? ''))).slice(0, painted.length);
    expect(drawn).toEqual(painted.map((name) => `Entry by ${name}`));
    // The picture is gone once the app has drawn.
    expect(await page.locator('#root .fp').count()).toBe(0);
    await shot(page, 'entries-feed-offline');
    await context.setOffline(false);
  });
});
