/**
 * 'Delete my account' (issue 29) in Chromium against `npm start`'s server: the member sees
 * what goes, a wrong password is refused, the right one signs them out (the token the device
 * held is refused at once); checking in again cancels it. Asked again and its days run out
 * (the dev-only sweep, run 15 days ahead), another member finds nothing of theirs: their
 * suite is not found, their entry answers 404, search finds no trace; they cannot check in.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/demo';
import { seriousAxeFindings } from './support/axe';
import { shot } from './support/browser';
import { accountJourney } from './support/account-journey';
import { accessToken, checkIn, openAccountSetting, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const [, , , , , , , activationCode] = inject('spareActivationCodes');
const entryText = `zqerase${randomUUID().slice(0, 8)}`;
const postCode = randomUUID();
let userCode = '';

async function api(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, text: await response.text() };
}
const signIn = async (username: string, password: string) => {
  const answer = await api('auth/signIn', null, { method: 'POST', body: { username, password } });
  return answer.status === 200 ? (JSON.parse(answer.text) as { data: { accessToken: string; id: string } }).data : null;
};

// The member's one entry goes in by the API before the browser starts: what is under test is its erasure.
const journey = accountJourney(baseUrl, 'd', activationCode, async () => {
  const session = (await signIn(member.email, member.password))!;
  userCode = session.id;
  const made = await api('user/post', session.accessToken, { method: 'POST', body: { userPostCode: postCode, featureCode: 5, postDescription: entryText, privacyCode: 1 } });
  if (made.status !== 201) throw new Error(`the entry was not made: ${made.status} ${made.text}`);
});
const { member } = journey;


async function askDeletion(page: Page): Promise<void> {
  await openAccountSetting(page, 'Delete my account');
  await page.waitForURL('**/settings/delete-account');
  await expect.poll(() => page.getByText('1 entry, with their pictures and videos').isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('delete my account', () => {
  it('asks for the password, signs out; checking in again cancels; once erased, nothing of theirs answers another member', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await checkIn(page, member.email, member.password);
    await waitForHome(page);
    const heldToken = await accessToken(page);

    await askDeletion(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'delete-account');
    await page.getByLabel('Your password').fill('Wrong#pass1');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => page.getByText('That is not your password.').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/checkin', { timeout: 30_000 });
    await expect.poll(() => page.getByText(/^Your account will be deleted on \d+ \w+ \d{4}\. Check in before then to keep it\.$/).isVisible()).toBe(true);
    await shot(page, 'delete-account-asked');
    // The token this device held is refused at once.
    expect((await api('user/account/deletion', heldToken)).status).toBe(401);

    // Checking in again keeps the account.
    await checkIn(page, member.email, member.password);
    await waitForHome(page);
    await expect.poll(() => page.getByText('Welcome back: your account will not be deleted.').isVisible()).toBe(true);
    expect(JSON.parse((await api('user/account/deletion', await accessToken(page))).text).data.deleteAfter).toBeNull();

    // Asked again, and its days run out.
    await askDeletion(page);
    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/checkin', { timeout: 30_000 });
    const swept = await fetch(`${baseUrl}/dev/erasure`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inDays: 15 }) });
    expect(await swept.json()).toEqual({ erased: 1 });
    await context.close();

    // Another member finds nothing of theirs.
    const other = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const jonasPage = await other.newPage();
    await checkIn(jonasPage, 'jonas@billionett.test', DEMO_PASSWORD);
    await waitForHome(jonasPage);
    await jonasPage.goto(`/billionett/${userCode}/suite`);
    await expect.poll(() => jonasPage.getByRole('heading', { name: 'Page not found' }).isVisible(), { timeout: 30_000 }).toBe(true);
    const jonas = await accessToken(jonasPage);
    expect((await api(`user/post/${postCode}`, jonas)).status).toBe(404);
    // Control first: the same searches find a member who is there.
    expect((await api(`search/users/${encodeURIComponent('Amara')}`, jonas)).text).toContain('Amara');
    expect((await api(`searchPost/${entryText}?pageNo=1&pageSize=10`, jonas)).text).not.toContain(entryText);
    expect((await api(`search/users/${encodeURIComponent(member.displayName)}`, jonas)).text).not.toContain(userCode);
    await other.close();

    // And they cannot check in.
    expect(await signIn(member.email, member.password)).toBeNull();
  });

  it('reads well on a phone in the dark', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await checkIn(page, 'amara@billionett.test', DEMO_PASSWORD);
    await waitForHome(page);
    await page.goto('/settings/delete-account');
    await expect.poll(() => page.getByRole('region', { name: 'What is erased' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, 'delete-account-phone-dark');
    await context.close();
  });
});
