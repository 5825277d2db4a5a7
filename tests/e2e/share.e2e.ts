/**
 * Sharing into Billionett (issue 16: the manifest's share_target), in Chromium with the
 * app's service worker: what the phone's share sheet does — a multipart POST navigation to
 * /share with a text, a link and a photo — opens the composer with both filled in; posting
 * makes one entry with the photo. Offline too: the worker keeps the share, the entry is
 * queued with the photo as a blob and arrives once when the network is back.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS } from '../support/demo';
import { seriousAxeFindings } from './support/axe';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { appliedWrites, serverEntries } from './support/entries';
import { checkIn } from './support/pages';

const baseUrl = inject('baseUrl');
const [amara] = DEMO_MEMBERS as [(typeof DEMO_MEMBERS)[0]];
const stamp = Date.now().toString(36);
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function photo(name: string, color: { r: number; g: number; b: number }): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'share-')), name);
  await sharp({ create: { width: 400, height: 300, channels: 3, background: color } }).jpeg().toFile(file);
  return file;
}

/** What the share sheet sends: a POST navigation to the manifest's action, as multipart. */
async function shareFromAnotherApp(p: Page, fields: { title: string; text: string; url: string }, file: string): Promise<void> {
  await p.evaluate((f) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.enctype = 'multipart/form-data';
    form.action = '/share';
    for (const [name, value] of Object.entries(f)) {
      const input = document.createElement('input');
      input.name = name;
      input.value = value;
      form.append(input);
    }
    const photos = document.createElement('input');
    photos.type = 'file';
    photos.name = 'photos';
    photos.id = 'shared-photos';
    form.append(photos);
    document.body.append(form);
  }, fields);
  await p.setInputFiles('#shared-photos', file);
  await Promise.all([p.waitForURL((url) => url.searchParams.get('compose') === 'entry', { timeout: 30_000 }), p.evaluate(() => (document.querySelector('form[action="/share"]') as HTMLFormElement).submit())]);
}

const composer = (p: Page) => p.getByRole('dialog', { name: 'Create Entry on my suite' });

describe('share into Billionett', () => {
  beforeAll(async () => {
    browser = await launch();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await checkIn(page, amara.email, amara.password);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    await waitForServiceWorker(page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a text, a link and a photo open the composer filled in, and post once', async () => {
    const text = `Sunset over the Vistula ${stamp}`;
    await shareFromAnotherApp(page, { title: '', text, url: 'https://example.org/vistula' }, await photo('sunset.jpg', { r: 220, g: 120, b: 40 }));
    await expect.poll(() => composer(page).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => composer(page).getByLabel('Description').inputValue(), { timeout: 30_000 }).toBe(`${text}\nhttps://example.org/vistula`);
    await expect.poll(() => composer(page).getByRole('img', { name: 'sunset.jpg' }).first().isVisible()).toBe(true);
    // The address forgets the share: a reload does not fill a composer again.
    await expect.poll(() => new URL(page.url()).searchParams.get('share')).toBe(null);
    await page.waitForTimeout(400);
    await shot(page, 'share-composer');
    const findings = await seriousAxeFindings(page);
    expect(findings.map((f) => f.id)).toEqual([]);

    await composer(page).getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => page.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
    const full = `${text}\nhttps://example.org/vistula`;
    await expect.poll(async () => (await appliedWrites(page, baseUrl, text)).length, { timeout: 30_000 }).toBe(1);
    const [entry, ...more] = await serverEntries(page, baseUrl, full);
    expect(more).toHaveLength(0);
    expect(entry?.postGalleries).toHaveLength(1);
  });

  it('offline, the share still opens the composer; the entry is queued with its photo and arrives once', async () => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Create entry' }).isVisible(), { timeout: 30_000 }).toBe(true);
    const text = `Tram stop poem ${stamp}`;
    await context.setOffline(true);
    try {
      await shareFromAnotherApp(page, { title: 'Poem', text, url: '' }, await photo('tram.jpg', { r: 30, g: 140, b: 90 }));
      await expect.poll(() => composer(page).getByLabel('Description').inputValue(), { timeout: 30_000 }).toBe(`Poem\n${text}`);
      await expect.poll(() => composer(page).getByRole('img', { name: 'tram.jpg' }).first().isVisible()).toBe(true);
      await composer(page).getByRole('button', { name: 'Post' }).click();
      await expect.poll(() => page.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(async () => (await serverEntries(page, baseUrl, `Poem\n${text}`)).length, { timeout: 60_000 }).toBe(1);
    const [entry] = await serverEntries(page, baseUrl, `Poem\n${text}`);
    expect(entry?.postGalleries).toHaveLength(1);
  });
});
