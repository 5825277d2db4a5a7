/**
 * Two-step sign-in (issue 29) in Chromium against `npm start`'s server: the member turns it
 * on from Settings → Account (the key read off the screen, the code computed here with
 * otpauth, as their phone would), keeps the recovery codes shown once; checking in then
 * asks for the code — a wrong one is refused, the right one lets them in; a recovery code
 * lets them in once and never again. The screens pass axe in light and dark.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeFindings } from './support/axe';
import { shot } from './support/browser';
import { accountJourney } from './support/account-journey';
import { checkIn, checkout, openAccountSetting, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const [, , , , activationCode] = inject('spareActivationCodes');
const journey = accountJourney(baseUrl, 't', activationCode);
const { member } = journey;

const codeOf = (key: string, offsetS: number) => new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetS * 1000 });

/** Checkout, then check in again with `recovery` in place of the app's code. */
async function checkInWithRecovery(page: Page, recovery: string): Promise<void> {
  await checkout(page);
  await checkIn(page, member.email, member.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'CheckIn' }).click();
}

describe('two-step sign-in', () => {
  it('turns on with a scanned key, then asks for a code at checkin; a recovery code works once', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await checkIn(page, member.email, member.password);
    await waitForHome(page);

    await openAccountSetting(page, 'Two-step sign-in');
    await page.waitForURL('**/settings/two-step');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const key = ((await page.getByLabel('Key for your authenticator app').textContent()) ?? '').replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'two-step-scan');
    await page.getByLabel('2. The 6-digit code your app shows').fill(codeOf(key, 0));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    const recovery = ((await codes.first().textContent()) ?? '').trim();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'two-step-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByText('10 recovery codes left.').isVisible()).toBe(true);

    // Checking in now asks for the code: a wrong one stays, the next one in the app lets in.
    await checkout(page);
    await checkIn(page, member.email, member.password);
    const code = page.getByLabel('Code');
    await code.waitFor();
    await code.fill('000000');
    await page.getByRole('button', { name: 'CheckIn' }).click();
    await expect.poll(() => page.getByText('That code is not right. Try the newest one.').isVisible()).toBe(true);
    await code.fill(codeOf(key, 30));
    await page.getByRole('button', { name: 'CheckIn' }).click();
    await waitForHome(page);

    // A recovery code, once.
    await checkInWithRecovery(page, recovery);
    await waitForHome(page);
    await checkInWithRecovery(page, recovery);
    await expect.poll(() => page.getByText('That code is not right. Try the newest one.').isVisible()).toBe(true);
    await context.close();
  });

  it('the code step reads well on a phone in the dark', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await checkIn(page, member.email, member.password);
    await page.getByLabel('Code').waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'two-step-code-phone-dark');
    await context.close();
  });
});
