/**
 * Every entry type composed with the real drawer and its modals (spec §2.6, §4, §5),
 * against `npm start`'s server: Entry, Poll (three options, and the spec's message for
 * one), Occasion ('Where & When': a gazetteer place and a period, refusing a start of
 * today and an end before the start), Transit ('Checkin': start and CheckOut places and
 * a period) and Theatre (one real WebM the browser records). Each ends with
 * '{type name} Created', its card in the feed, and exactly one entry on the server.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENTRY_MESSAGES } from '../../src/contract/entries';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { shot } from './support/browser';
import { appliedWrites, openComposer, recordWebm, serverEntries, type ServerEntry } from './support/entries';
import { signedInBrowser } from './support/pages';

const baseUrl = inject('baseUrl');
const login = DEMO_LOGINS[0]!;
const stamp = Date.now().toString(36);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await signedInBrowser(baseUrl, login));
});

afterAll(async () => {
  await browser.close();
});

/** A datetime-local value `days` from now at `time` (the browser's local time, as the input's). */
function localInput(days: number, time: string): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${time}`;
}

async function startComposing(type: string, text: string): Promise<void> {
  await page.goto('/');
  await openComposer(page);
  if (type !== 'Entry') await page.getByRole('tab', { name: type }).click();
  await expect.poll(() => page.getByRole('dialog', { name: `Create ${type} on my suite` }).isVisible()).toBe(true);
  await page.getByLabel('Description').fill(text);
}

/** Post, then: '{type} Created', the card in the feed, and one entry (one applied write) on the server. */
async function postAndFindOnce(type: string, text: string): Promise<ServerEntry> {
  await page.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => page.getByText(`${type} Created`).isVisible(), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('article').filter({ hasText: text }).first().isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await appliedWrites(page, baseUrl, text)).length, { timeout: 30_000 }).toBe(1);
  const found = await serverEntries(page, baseUrl, text);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Searches the gazetteer in the open wizard step and picks the first place starting with `name`. */
async function choosePlace(dialog: ReturnType<Page['getByRole']>, label: string, name: string): Promise<void> {
  await dialog.getByLabel(label).fill(name);
  await dialog.getByRole('button', { name: 'Search' }).click();
  const result = dialog.getByRole('button', { name: new RegExp(`^${name}, `) }).first();
  await result.waitFor({ timeout: 15_000 });
  await result.click();
  await expect.poll(() => dialog.locator('[data-chosen-place]').innerText()).toMatch(new RegExp(`^${name}, `));
}

describe('composing every entry type', () => {
  it('composes an Entry', async () => {
    const text = `A quiet morning in Porto ${stamp}`;
    await startComposing('Entry', text);
    const entry = await postAndFindOnce('Entry', text);
    expect(entry.featureCode).toBe(5);
    await shot(page, 'compose-entry-created');
  });

  it('composes a Poll of three options, refusing one option with the spec message', async () => {
    const text = `Summit poll ${stamp}`;
    await startComposing('Poll', text);
    await page.getByRole('dialog', { name: /^Create Poll/ }).getByRole('button', { name: 'Poll', exact: true }).click();
    const poll = page.getByRole('dialog', { name: 'Poll' });
    await poll.getByLabel('Question').fill(`Best city for a summit? ${stamp}`);
    await poll.getByRole('textbox', { name: 'Option 1' }).fill('Lisbon');
    await poll.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => poll.getByText(ENTRY_MESSAGES.pollMinOptions).isVisible()).toBe(true);
    await poll.getByRole('textbox', { name: 'Option 2' }).fill('Tallinn');
    // The message follows the edit: two options are enough.
    await expect.poll(() => poll.getByText(ENTRY_MESSAGES.pollMinOptions).count()).toBe(0);
    await poll.getByRole('button', { name: 'Add option' }).click();
    await poll.getByRole('textbox', { name: 'Option 3' }).fill('Accra');
    await shot(page, 'compose-poll-modal');
    await poll.getByRole('button', { name: 'Ok' }).click();
    const entry = await postAndFindOnce('Poll', text);
    expect(entry.featureCode).toBe(1);
    expect(entry.pollingDetails).toMatchObject({
      pollingQuestion: `Best city for a summit? ${stamp}`,
      pollingOptions: { option1: { text: 'Lisbon' }, option2: { text: 'Tallinn' }, option3: { text: 'Accra' } },
    });
  });

  it("composes an Occasion in 'Where & When', refusing a start of today and an end before the start", async () => {
    const text = `Harbour concert ${stamp}`;
    await startComposing('Occasion', text);
    await page.getByRole('button', { name: 'Where & When' }).click();
    const wizard = page.getByRole('dialog', { name: 'Where & When' });
    await wizard.getByLabel('Start date').fill(localInput(0, '23:30'));
    await expect.poll(() => wizard.getByText(ENTRY_MESSAGES.startNotFuture).isVisible()).toBe(true);
    expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await wizard.getByLabel('Start date').fill(localInput(3, '19:00'));
    await wizard.getByLabel('End date').fill(localInput(2, '22:00'));
    await expect.poll(() => wizard.getByText(ENTRY_MESSAGES.endBeforeStart).isVisible()).toBe(true);
    expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await shot(page, 'compose-occasion-bad-dates');
    await wizard.getByLabel('End date').fill(localInput(3, '22:00'));
    await wizard.getByRole('button', { name: 'Next' }).click();
    await choosePlace(wizard, 'Find Location', 'Lisbon');
    await shot(page, 'compose-occasion-location');
    await wizard.getByRole('button', { name: 'Done' }).click();
    const entry = await postAndFindOnce('Occasion', text);
    expect(entry.featureCode).toBe(2);
    expect(entry.location).toMatchObject({ fromplaceName: expect.stringMatching(/^Lisbon, /) });
    expect(entry.occasionPeriod?.end_date).not.toBeNull();
    await shot(page, 'compose-occasion-created');
  });

  it("composes a Transit in 'Checkin' with a start and a CheckOut place", async () => {
    const text = `Night train ${stamp}`;
    await startComposing('Transit', text);
    await page.getByRole('button', { name: 'Checkin' }).click();
    const wizard = page.getByRole('dialog', { name: 'Checkin' });
    await wizard.getByLabel('Start date').fill(localInput(4, '21:15'));
    await wizard.getByLabel('End date').fill(localInput(5, '07:40'));
    await wizard.getByRole('button', { name: 'Next' }).click();
    await choosePlace(wizard, 'Find Location', 'Vienna');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await choosePlace(wizard, 'CheckOut', 'Venice');
    await shot(page, 'compose-transit-checkout');
    await wizard.getByRole('button', { name: 'Done' }).click();
    const entry = await postAndFindOnce('Transit', text);
    expect(entry.featureCode).toBe(3);
    expect(entry.location).toMatchObject({ fromplaceName: expect.stringMatching(/^Vienna, /), toplaceName: expect.stringMatching(/^Venice, /) });
    await shot(page, 'compose-transit-created');
  });

  it('composes a Theatre entry with one recorded video', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billionett-e2e-video-'));
    const file = join(dir, 'square.webm');
    writeFileSync(file, await recordWebm(page));
    const text = `A square on stage ${stamp}`;
    await startComposing('Theatre', text);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Video' }).click();
    await (await chooser).setFiles(file);
    await shot(page, 'compose-theatre-picked');
    const entry = await postAndFindOnce('Theatre', text);
    expect(entry.featureCode).toBe(4);
    expect(entry.postGalleries).toEqual([expect.objectContaining({ mediaType: 'video', path: expect.stringMatching(/\.webm$/) })]);
    const card = page.locator('article').filter({ hasText: text }).first();
    await expect.poll(() => card.locator('video').count()).toBe(1);
    await shot(page, 'compose-theatre-created');
  });
});
