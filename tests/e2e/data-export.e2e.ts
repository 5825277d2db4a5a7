/**
 * 'Download your data' (issue 29) in Chromium against `npm start`'s server: a member writes an
 * entry, asks for their data from Settings → Account, watches it become ready (the server's
 * job is woken by the request; the screen asks again while it is prepared), downloads the zip
 * through the browser's own download and opens it: README, their profile, their entry.
 * The screen is checked with axe and photographed at desktop and phone width, light and dark.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeFindings } from './support/axe';
import { newContext, shot } from './support/browser';
import { accountJourney } from './support/account-journey';
import { accessToken, checkIn, openAccountSetting, waitForHome } from './support/pages';
import { jsonEntry, unzip } from '../support/zip';

const baseUrl = inject('baseUrl');
const activationCode = inject('spareActivationCodes')[6];
const journey = accountJourney(baseUrl, 'x', activationCode);
const { member } = journey;
const entryText = `My words to keep ${randomUUID().slice(0, 8)}`;

describe('download your data', () => {
  it('asks from Settings → Account, sees it ready, downloads the zip and finds what the member wrote', { timeout: 120_000 }, async () => {
    const context = await newContext(journey.browser, baseUrl);
    const page = await context.newPage();
    await checkIn(page, member.email, member.password);
    await waitForHome(page);
    // The entry goes in by the API with the member's own session: what is under test is the export.
    const made = await fetch(`${baseUrl}/api/v1/user/post`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken(page)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userPostCode: randomUUID(), featureCode: 5, postDescription: entryText, privacyCode: 3 }),
    });
    expect(made.status).toBe(201);

    await openAccountSetting(page, 'Download your data');
    await page.waitForURL('**/settings/data');
    await expect.poll(() => page.getByText('You have not asked for a copy of your data yet.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'data-export-none');

    await page.getByRole('button', { name: 'Prepare my data' }).click();
    const download = page.getByRole('button', { name: 'Download', exact: true });
    await download.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText('Ready', { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'data-export-ready');

    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toMatch(/^billionett-[A-Za-z0-9]+-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await unzip(await readFile((await saved.path())!));
    expect(zip.get('README.txt')?.toString()).toContain('Your data from Billionett');
    expect(jsonEntry(zip, 'profile.json')).toMatchObject({ displayName: member.displayName, email: member.email });
    expect(jsonEntry(zip, 'entries.json')).toEqual([expect.objectContaining({ description: entryText, privacyCode: 3 })]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'data-export-ready-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, 'data-export-ready-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'data-export-ready-dark');
    await context.close();
  });
});
