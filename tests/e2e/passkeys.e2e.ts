/**
 * Passkeys (issue 29) in Chromium against `npm start`'s server, with Chromium's own virtual
 * authenticator (the DevTools protocol's WebAuthn domain): a real browser ceremony, checked
 * by the server's real verifier. The member adds a passkey from Settings → Account (the
 * recovery codes shown once), renames it, checks in with it alone, then — after the password
 * — answers the second step with it; removed, the password alone checks in again. The
 * address is localhost: a passkey belongs to a site's name, never to an IP address.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAxeFindings } from './support/axe';
import { shot } from './support/browser';
import { accountJourney } from './support/account-journey';
import { checkIn, checkout, openAccountSetting, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl').replace('127.0.0.1', 'localhost');
const [, , , , , activationCode] = inject('spareActivationCodes');
const journey = accountJourney(baseUrl, 'p', activationCode);
const { member } = journey;


/**
 * Checkout with the authenticator waiting for a touch, until checkin's autofill ceremony is
 * pending (it stays so); then touches answer at once again, for the ceremony a button starts.
 * (The virtual authenticator answers only the requests made while its presence is on.)
 */
async function checkoutToPendingAutofill(context: BrowserContext, page: Page, presence: (on: boolean) => Promise<unknown>): Promise<void> {
  await presence(false);
  const asked = context.waitForEvent('response', (r) => r.url().endsWith('/api/v1/auth/passkey/options'));
  await checkout(page);
  await asked;
  await page.waitForTimeout(300);
  await presence(true);
}

/** Checks in with the password on this checkin page (a reload would start another autofill ceremony). */
async function typePassword(page: Page): Promise<void> {
  await page.getByLabel('Email Or Mobile').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'CheckIn' }).click();
}

/** A platform authenticator that verifies the member and answers at once, as a phone's fingerprint would. */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  /** Off, the authenticator waits for the member's touch: a ceremony stays pending until it is on again. */
  const presence = (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  return { credentials, presence };
}

describe('passkeys', () => {
  it('adds, renames and signs in with a passkey, alone and as the second step; removed, the password alone checks in', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const authenticator = await withAuthenticator(context, page);
    await checkIn(page, member.email, member.password);
    await waitForHome(page);

    await openAccountSetting(page, 'Passkeys');
    await page.waitForURL('**/settings/passkeys');
    await expect.poll(() => page.getByText('No passkeys yet').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // The first second factor: the recovery codes, shown once.
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    const list = page.getByRole('list', { name: 'Passkeys' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => list.getByText('never used').isVisible()).toBe(true);

    await list.getByRole('button', { name: /^Rename: / }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name').fill(' ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rename.getByText('Enter a name.').isVisible()).toBe(true);
    await rename.getByLabel('Name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => list.getByText('Work laptop').isVisible(), { timeout: 15_000 }).toBe(true);
    await rename.waitFor({ state: 'hidden' });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'passkeys-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'passkeys-list-phone-dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });

    // Conditional UI: at checkin the name field's autofill offers the passkey; the virtual
    // authenticator picks it as a member would, and it checks in alone.
    await checkout(page);
    await waitForHome(page);
    const used = (await authenticator.credentials())[0]!.signCount;
    expect(used).toBeGreaterThan(0);

    // Its button.
    await checkoutToPendingAutofill(context, page, authenticator.presence);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForHome(page);
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(used);

    // After the password, the passkey answers the second step.
    await checkoutToPendingAutofill(context, page, authenticator.presence);
    await typePassword(page);
    const useIt = page.getByRole('button', { name: 'Use your passkey' });
    await useIt.waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'checkin-second-step-passkey');
    await useIt.click();
    await waitForHome(page);

    // Removed: the password alone checks in again.
    await page.goto('/settings/passkeys');
    await list.getByRole('button', { name: 'Remove: Work laptop' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('No passkeys yet').isVisible(), { timeout: 15_000 }).toBe(true);
    await checkoutToPendingAutofill(context, page, authenticator.presence);
    await typePassword(page);
    await waitForHome(page);
    // The authenticator still holds it, but the server refuses it.
    await checkoutToPendingAutofill(context, page, authenticator.presence);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => page.getByText('That passkey was not accepted. Try again, or check in with your password.').isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('an autofill ceremony the browser will not start says nothing; the button says why', async () => {
    // At an IP address (the server's name for passkeys is localhost) the browser refuses any
    // ceremony at once: the member, who asked for nothing, sees the form as it is.
    const context = await journey.browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const asked = context.waitForEvent('response', (r) => r.url().endsWith('/api/v1/auth/passkey/options'));
    await page.goto('/checkin');
    await asked;
    const refused = page.getByText('That passkey was not accepted. Try again, or check in with your password.');
    await page.waitForTimeout(500);
    expect(await refused.isVisible()).toBe(false);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => refused.isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('checkin offers the passkey button at phone width, readable in dark', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/checkin');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'checkin-passkey-phone-dark');
    await context.close();
  });
});
