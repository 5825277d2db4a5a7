/**
 * The vault and pictures against `npm start`'s server (issue 4): add, edit and delete a
 * work and an education item with the real drawers and every validation message;
 * upload and crop a picture and see it in the header, remove it and see the default;
 * another member's private work shows the privacy picture; the own vault offline.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { checkIn, waitForHome } from './support/pages';
import { DEMO_PASSWORD } from '../support/demo';

const baseUrl = inject('baseUrl');
const PASSWORD = DEMO_PASSWORD;
const dir = mkdtempSync(join(tmpdir(), 'billionett-vault-e2e-'));

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, baseUrl);
  page = await context.newPage();
  await checkIn(page, 'amara@billionett.test', PASSWORD);
  await waitForHome(page);
});

afterAll(async () => {
  await browser.close();
});

const drawer = (title: string) => page.getByRole('dialog', { name: title });
async function visible(l: Locator): Promise<void> {
  await expect.poll(() => l.filter({ visible: true }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
}
async function gone(l: Locator): Promise<void> {
  await expect.poll(() => l.count(), { timeout: 30_000 }).toBe(0);
}

/** Type into a lookup and pick the server's suggestion. */
async function pick(scope: Locator, label: string, typed: string, option: string) {
  await scope.getByLabel(label).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('vault', () => {
  it('adds, edits and deletes a work item, with every message of the Work details drawer', async () => {
    await page.goto('/suite/vault');
    await visible(page.getByRole('heading', { name: 'Current work' }));
    await page.getByRole('button', { name: 'Add work' }).click();
    const d = drawer('Work details');
    await d.getByRole('button', { name: 'Save' }).click();
    for (const text of ['Please choose company.', 'Please choose position.', 'Please choose Location.', 'Please select start date!']) {
      await visible(d.getByText(text));
    }
    // Working (Yes) disables the end date; No makes it required.
    expect(await d.getByLabel('End date').isDisabled()).toBe(true);
    await d.getByRole('radio', { name: 'No' }).check();
    expect(await d.getByLabel('End date').isDisabled()).toBe(false);
    await d.getByRole('button', { name: 'Save' }).click();
    await visible(d.getByText('Please select end date!'));
    await shot(page, 'vault-work-messages');

    await pick(d, 'Company', 'Sieme', 'Siemens');
    await pick(d, 'Position', 'Software Eng', 'Software Engineer');
    await pick(d, 'Location', 'Berlin', 'Berlin, Germany');
    await d.getByLabel('Start date').fill('2015-03-01');
    await d.getByLabel('End date').fill('2018-06-30');
    await d.getByRole('button', { name: 'Save' }).click();
    await gone(drawer('Work details'));
    const row = page.getByRole('row', { name: /Siemens.*Software Engineer/ });
    await visible(row);
    await visible(row.getByText('2018-06-30'));

    await page.getByRole('button', { name: 'Edit Software Engineer at Siemens' }).click();
    await drawer('Work details').getByRole('radio', { name: 'Yes' }).check();
    expect(await drawer('Work details').getByLabel('End date').isDisabled()).toBe(true);
    await drawer('Work details').getByRole('button', { name: 'Save' }).click();
    await gone(drawer('Work details'));
    await visible(page.getByRole('row', { name: /Siemens.*Working/ }));
    await shot(page, 'vault-work-added');

    await page.getByRole('button', { name: 'Delete Software Engineer at Siemens' }).click();
    await visible(page.getByText('Are you sure you want to delete this item?'));
    await page.getByRole('button', { name: 'Yes' }).click();
    await gone(page.getByRole('row', { name: /Siemens/ }));
  });

  it('adds, edits and deletes an education item; its end date is optional', async () => {
    await page.getByRole('button', { name: 'Add education' }).click();
    const d = drawer('Education details');
    await d.getByRole('button', { name: 'Save' }).click();
    for (const text of ['Please choose institute.', 'Please choose course.', 'Please choose Location.', 'Please select start date!']) {
      await visible(d.getByText(text));
    }
    await pick(d, 'Institute', 'ETH', 'ETH Zurich');
    await pick(d, 'Course', 'Computer Sci', 'Computer Science');
    await pick(d, 'Location', 'Zurich', 'Zurich, Switzerland');
    await d.getByLabel('Start date').fill('2010-09-01');
    await d.getByRole('button', { name: 'Save' }).click();
    await gone(drawer('Education details'));
    await visible(page.getByRole('row', { name: /ETH Zurich.*Computer Science/ }));

    await page.getByRole('button', { name: 'Edit Computer Science at ETH Zurich' }).click();
    await drawer('Education details').getByLabel('End date').fill('2014-06-30');
    await drawer('Education details').getByRole('button', { name: 'Save' }).click();
    await gone(drawer('Education details'));
    await visible(page.getByRole('row', { name: /ETH Zurich.*2014-06-30/ }));

    await page.getByRole('button', { name: 'Delete Computer Science at ETH Zurich' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await gone(page.getByRole('row', { name: /ETH Zurich/ }));
    expect(await page.getByRole('row', { name: /Computer Science/ }).count()).toBe(0);
  });

  it('uploads and crops a picture that shows in the header, then removes it for the default', async () => {
    await page.goto('/suite');
    const header = page.getByRole('link', { name: 'My suite' }).locator('img').first();
    await visible(page.getByRole('button', { name: 'Change profile picture' }));
    // Let the suite settle (its pulls land, the lazy charts load) before picking files.
    await visible(page.getByRole('heading', { name: 'Statics' }));
    await page.waitForLoadState('networkidle');

    // Not an image: refused before upload, with the spec's toast.
    const fake = join(dir, 'notes.png');
    writeFileSync(fake, 'just text, not a picture');
    await page.getByLabel('Profile picture file').setInputFiles(fake);
    await visible(page.getByText('notes.png file upload failed.'));

    const png = join(dir, 'portrait.png');
    await sharp({ create: { width: 240, height: 180, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toFile(png);
    await page.getByLabel('Profile picture file').setInputFiles(png);
    const modal = page.getByRole('dialog', { name: 'Profile picture' });
    await visible(modal.getByText('Zoom'));
    await expect.poll(() => modal.getByRole('button', { name: 'Save' }).isEnabled(), { timeout: 30_000 }).toBe(true);
    await shot(page, 'picture-crop');
    await modal.getByRole('button', { name: 'Save' }).click();
    await gone(page.getByRole('dialog', { name: 'Profile picture' }));
    await expect.poll(() => header.getAttribute('src'), { timeout: 30_000 }).toMatch(/^\/media\/tertiary\/[0-9a-f]{32}\.\w+$/);
    await shot(page, 'picture-cropped');

    await page.getByRole('button', { name: 'Remove profile picture' }).click();
    await visible(page.getByText('Are you sure do you want remove profile picture ?'));
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => header.getAttribute('src'), { timeout: 30_000 }).toBe('/avatars/female-xs.svg');
  });

  it("shows the privacy picture where another member's work is private", async () => {
    const res = await fetch(`${baseUrl}/api/v1/auth/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'jonas@billionett.test', password: PASSWORD }),
    });
    const jonas = ((await res.json()) as { data: { id: string } }).data.id;
    await page.goto(`/billionett/${jonas}/vault`);
    await visible(page.getByRole('heading', { name: 'Jonas Ferreira' }));
    const work = page.getByRole('region', { name: 'Work' });
    await visible(work.getByRole('img', { name: 'Private' }));
    expect(await work.getByRole('img', { name: 'Private' }).getAttribute('src')).toBe('/privacy/male.svg');
    await shot(page, 'member-vault-private-work');
  });

  it('opens the own vault offline from the device database', async () => {
    await page.goto('/suite/vault');
    await waitForServiceWorker(page);
    await visible(page.getByRole('heading', { name: 'Current work' }));
    await visible(page.getByRole('row', { name: /Nestlé/ }));
    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Personal Details' }));
    await visible(page.getByRole('row', { name: /Nestlé/ }));
    expect(await page.getByRole('heading', { name: 'Current education' }).isVisible()).toBe(true);
    // Online-only: offline, adding says so and changes nothing.
    await page.getByRole('button', { name: 'Add work' }).click();
    await drawer('Work details').getByLabel('Company').fill('Sie');
    await visible(page.getByText(/^You are offline\./));
    await shot(page, 'vault-offline');
    await context.setOffline(false);
  });
});
