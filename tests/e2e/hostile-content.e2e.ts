/**
 * Stored XSS, as an attacker would try it: one member writes script-bearing text into every
 * text a member writes (display name, about, an entry, a comment, a telex); their billionett
 * opens every screen that shows it (feed, the writer's suite, the entry's comments, telex).
 * The words are shown as words, and nothing runs: no dialog, no marker set by an onerror.
 */
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateCommunity } from '../../src/server/seed/community';
import { DEMO_PASSWORD } from '../support/demo';
import { TelexClient } from '../support/telex';
import { launch, newContext, shot } from './support/browser';
import { checkIn, waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
/** Each sets window.__xss if it ever runs. */
const PAYLOADS = {
  name: `Eve<img src=x onerror="window.__xss='name'">`,
  about: `About me "><script>window.__xss='about'</script><img src=x onerror="window.__xss='about-img'">`,
  entry: `Look <img src=x onerror="window.__xss='entry'"> <svg onload="window.__xss='entry-svg'"></svg> [x](javascript:window.__xss='entry-md')`,
  comment: `Nice <iframe srcdoc="<script>parent.__xss='comment'</script>"></iframe><b onmouseover="window.__xss='comment-b'">hover</b>`,
  telex: `Hi <img src=x onerror="window.__xss='telex'"><script>window.__xss='telex-script'</script>`,
};

type Login = { userCode: string; token: string; email: string };

async function signIn(email: string): Promise<Login> {
  const res = await fetch(`${baseUrl}/api/v1/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: DEMO_PASSWORD }) });
  const body = (await res.json()) as { data: { id: string; accessToken: string } };
  return { userCode: body.data.id, token: body.data.accessToken, email };
}

async function call(login: Login, method: string, path: string, body?: unknown): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${login.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.status;
}

describe('hostile content', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let eve: Login;
  let reader: Login;
  const dialogs: string[] = [];
  const postCode = crypto.randomUUID();

  beforeAll(async () => {
    // Two seeded members no other journey uses (the demo logins' texts stay as they are).
    const { members } = generateCommunity();
    [eve, reader] = [await signIn(members[40]!.email), await signIn(members[41]!.email)];
    // Billionetts, so the reader may see 'Billionetts' things and telex (a 4xx when they already are).
    await call(eve, 'PUT', `user/friend-suggestion/${reader.userCode}/accept`);
    await call(reader, 'POST', `user/friend-request/${eve.userCode}/accept`);
    assert.equal(await call(eve, 'PUT', `update/user/personal/${eve.userCode}`, { firstName: 'Eve', lastName: 'Hostile', displayName: PAYLOADS.name, professionCode: 'P01' }), 201);
    assert.equal(await call(eve, 'PUT', `update/user/about/${eve.userCode}`, { about: PAYLOADS.about }), 201);
    assert.equal(await call(eve, 'POST', 'user/post', { userPostCode: postCode, featureCode: 5, postDescription: PAYLOADS.entry, privacyCode: 1 }), 201);
    assert.equal(await call(eve, 'POST', `user/post/${postCode}/comment/create`, { commentCode: crypto.randomUUID(), comment: PAYLOADS.comment }), 201);
    const socket = await TelexClient.open(baseUrl, eve);
    const id = socket.telex(reader.userCode, PAYLOADS.telex);
    await socket.next((f) => f.type === 'ack' && f.id === id);
    await socket.close();

    browser = await launch();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await checkIn(page, reader.email, DEMO_PASSWORD);
    await waitForHome(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const ran = () => page.evaluate(() => (window as { __xss?: string }).__xss ?? null);

  it('shows every payload as text on the writer\'s suite, the feed, the comments and telex — nothing runs', async () => {
    await page.goto(`/billionett/${eve.userCode}/suite`);
    await expect.poll(() => page.getByText('About me "><script>', { exact: false }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByText('Eve<img src=x', { exact: false }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByText('Look <img src=x', { exact: false }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(page, 'hostile-suite');

    // The comments of the entry.
    await page.getByRole('button', { name: /comment/i }).first().click();
    await expect.poll(() => page.getByText('Nice <iframe', { exact: false }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByText('hover', { exact: false }).first().hover().catch(() => {});

    await page.goto('/telex');
    await page.getByText('Eve<img src=x', { exact: false }).first().click();
    await expect.poll(() => page.getByText('Hi <img src=x', { exact: false }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await shot(page, 'hostile-telex');

    expect(await ran()).toBeNull();
    expect(dialogs).toEqual([]);
    // Nothing the payloads carry became an element.
    expect(await page.locator('img[src="x"], iframe[srcdoc], svg[onload], [onmouseover], [onerror]').count()).toBe(0);
  });
});
