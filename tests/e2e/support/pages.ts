/** Page models: what a member does on a screen, in the screen's own words. */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, waitForServiceWorker } from './browser';

export type NewMember = {
  lastName: string;
  displayName: string;
  email: string;
  password: string;
  dateOfBirth: string;
};

export const newMember = (tag: string): NewMember => ({
  lastName: 'Okafor',
  displayName: `Nia ${tag}`,
  email: `nia.${tag}@example.com`,
  password: 'Str0ng!pass',
  dateOfBirth: '1990-05-05',
});

/**
 * A new member signed up through the API (a ruby plan, the minted `activationCode`): the
 * journeys about what comes after registering start from here, not from the form.
 */
export async function signUpByApi(
  baseUrl: string,
  m: { email: string; password: string; displayName: string; firstName?: string; lastName?: string; dateOfBirth?: string },
  activationCode: string | undefined,
): Promise<void> {
  if (!activationCode) throw new Error('no spare activation code: mint one more in tests/e2e/support/global-setup.ts');
  const answer = await fetch(`${baseUrl}/api/v1/auth/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      emailId: m.email,
      mobileNo: '',
      firstName: m.firstName ?? 'Nia',
      lastName: m.lastName ?? 'Okafor',
      displayName: m.displayName,
      password: m.password,
      dateOfBirth: m.dateOfBirth ?? '1990-05-05',
      gender: 'female',
      planCode: 'ruby',
      activationCode,
    }),
  });
  if (answer.status >= 300) throw new Error(`signUp failed: ${answer.status} ${await answer.text()}`);
}

export async function checkIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/checkin');
  await page.getByLabel('Email Or Mobile').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'CheckIn' }).click();
}

/**
 * A fresh browser checked in as `login`, on the home feed with the service worker in
 * control (the journeys that go offline need it). The caller closes `browser`.
 */
export async function signedInBrowser(
  baseURL: string,
  login: { email: string; password: string },
  viewport = { width: 1280, height: 900 },
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launch();
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await checkIn(page, login.email, login.password);
  await waitForHome(page);
  await waitForServiceWorker(page);
  return { browser, context, page };
}

/**
 * Checks `login` in on `page` and waits until home's feed is drawn and the service worker is
 * in control: where a member's return visits (offline ones too) start from.
 */
export async function homeSignedIn(page: Page, login: { email: string; password: string }): Promise<void> {
  await checkIn(page, login.email, login.password);
  await waitForHome(page);
  await page.locator('section[aria-label="Feed"] article').first().waitFor({ timeout: 60_000 });
  await waitForServiceWorker(page);
}

export async function register(page: Page, m: NewMember): Promise<void> {
  await page.goto('/registration');
  await page.getByLabel('Last name').fill(m.lastName);
  await page.getByLabel('Display name').fill(m.displayName);
  await page.getByLabel('Email Or Mobile').fill(m.email);
  await page.getByLabel('Email Or Mobile').blur();
  await page.getByLabel('Password').fill(m.password);
  await page.getByLabel('Date of birth').fill(m.dateOfBirth);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('I agree to the privacy policy and the terms and conditions').check();
  await page.getByRole('button', { name: 'Register' }).click();
}

export async function subscribe(page: Page, planName: RegExp, activationCode: string): Promise<void> {
  await page.getByRole('radio', { name: planName }).check();
  await page.getByLabel('Activation code').fill(activationCode);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

/** The bearer token the app keeps under the spec's storage key. */
export const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken') ?? '');
export const userData = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}') as { id?: string });

/**
 * Settings → Account → `link`: the Settings dialog's code loads on its first opening; a click
 * that met the page still settling after check-in is made again, as a member would.
 */
export async function openAccountSetting(page: Page, link: string): Promise<void> {
  const account = page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Account' });
  await expect
    .poll(
      async () => {
        if (!(await account.isVisible())) await page.getByRole('button', { name: 'Settings', exact: true }).click();
        return account.isVisible();
      },
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(true);
  await account.click();
  await page.getByRole('link', { name: link }).click();
}

/** Waits for the home feed: a check-in lands there (its first load can be slow). */
/** Home after checking in; if not, the failure names where the page is and what it says (a refusal's alert). */
export async function waitForHome(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === '/', { timeout });
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts().catch(() => [] as string[]);
    throw new Error(`not home after ${timeout} ms: at ${page.url()}, alerts ${JSON.stringify(alerts)}`, { cause: error });
  }
}

export async function checkout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/checkin');
}
