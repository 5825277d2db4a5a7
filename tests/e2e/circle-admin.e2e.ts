/**
 * Circles and slates, complete (issue 11), against `npm start`'s seeded server, each member
 * in a browser of their own:
 * - Amara creates a circle (the drawer says what is missing first), invites Nia, a new
 *   member and her billionett, who accepts from her own session; an outsider (a seeded member
 *   with no tie to Amara; the demo logins are billionetts), not Amara's
 *   billionett, asks to join and Amara accepts; Nia posts in the circle; Amara makes it
 *   private and removes the outsider, who then cannot see it or its entries;
 * - Amara creates a slate with follow requests; the outsider, offline, follows it (pending), and
 *   after a reload and the network back it is asked once; Amara, offline, accepts it from
 *   the followers page, and once online the outsider follows it once; the outsider unfollows.
 * - The header's search finds the slate despite a typo, Nia among all members, and the
 *   private circle only for its members; results seen once open offline.
 * Every new screen is shot at desktop and phone width (tests/e2e/screenshots/) and checked
 * with axe-core: no serious or critical finding.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CIRCLE_FORM_MESSAGES } from '../../src/contract/circle-admin';
import { CIRCLE_MESSAGES, CIRCLE_PATHS, SLATE_PATHS } from '../../src/contract/circles';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { DEMO_MEMBERS } from '../support/demo';
import { strangersOf } from '../support/demo-strangers';
import { seriousAxeFindings } from './support/axe';
import { launch, newContext, shot, waitForServiceWorker } from './support/browser';
import { accessToken, checkIn, signUpByApi, userData } from './support/pages';

const baseUrl = inject('baseUrl');
const [activationCode] = inject('spareActivationCodes');
const [amara] = DEMO_MEMBERS as [(typeof DEMO_MEMBERS)[0]];
/** A seeded member with no tie to Amara (the demo logins themselves are billionetts). */
const outsider = strangersOf(0)[0]!;
const stamp = Date.now().toString(36);
const nia = { email: `nia.circles.${stamp}@example.com`, password: 'Str0ng!pass', displayName: `Nia Circles ${stamp}` };
const circleName = `Harbour Builders ${stamp}`;
const slateName = `Harbour Notes ${stamp}`;

let browser: Browser;
const sessions: Record<'amara' | 'outsider' | 'nia', { context: BrowserContext; page: Page }> = {} as never;
let groupCode = '';
let pageCode = '';

async function api<T>(p: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T; totalRecords?: number }> {
  const token = await accessToken(p);
  const answer = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await answer.json()) as { data: T; totalRecords?: number };
  return { status: answer.status, data: json.data, totalRecords: json.totalRecords };
}

/** Every screen of the area, as it stands: shot for review, and no serious axe-core finding. */
async function look(p: Page, name: string): Promise<void> {
  await shot(p, name);
  const findings = await seriousAxeFindings(p);
  expect({ [name]: findings.map((f) => `${f.id}: ${f.nodes.join(' | ')}`) }).toEqual({ [name]: [] });
}

async function signIn(who: 'amara' | 'outsider' | 'nia', login: { email: string; password: string }): Promise<void> {
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  await checkIn(page, login.email, login.password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
  await waitForServiceWorker(page);
  sessions[who] = { context, page };
}

/** Nia: a new member (ruby plan), billionett of nobody. */
const signUpNia = () => signUpByApi(baseUrl, { ...nia, lastName: 'Circles' }, activationCode);

/** A panel of a screen, by its title. */
const panel = (p: Page, title: string) => p.getByRole('region', { name: title, exact: true });

beforeAll(async () => {
  browser = await launch();
  await signUpNia();
  await signIn('amara', amara);
  await signIn('outsider', outsider);
  await signIn('nia', nia);
});

afterAll(async () => {
  await browser?.close();
});

describe('circles: create, invite, ask, accept, post, private, remove', () => {
  it('Amara creates a circle; the drawer names what is missing first', async () => {
    const p = sessions.amara.page;
    await p.goto('/suite/circles');
    await panel(p, 'My Circles').waitFor({ timeout: 30_000 });
    await p.getByRole('button', { name: 'Add Circle' }).click();
    const drawer = p.getByRole('dialog', { name: 'Add Circle' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    for (const message of [CIRCLE_FORM_MESSAGES.circleName, CIRCLE_FORM_MESSAGES.caption, CIRCLE_FORM_MESSAGES.circleType]) {
      await expect.poll(() => drawer.getByText(message).isVisible()).toBe(true);
    }
    await look(p, 'circles-add-drawer-errors');
    await drawer.getByLabel('Circle Name').fill(circleName);
    await drawer.getByLabel('Caption').fill('Boats, docks and the people who build them');
    await drawer.getByLabel('Circle Type').click();
    await drawer.getByLabel('Circle Type').fill('Software');
    await p.getByRole('option').first().click();
    await drawer.getByLabel('Description').fill('Shipwrights and engineers trading notes.');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawer.isVisible(), { timeout: 30_000 }).toBe(false);
    const mine = panel(p, 'My Circles');
    await expect.poll(() => mine.getByText(circleName).isVisible(), { timeout: 30_000 }).toBe(true);
    const own = await api<{ groupCode: string; groupName: string }[]>(p, 'GET', `${CIRCLE_PATHS.own}?pageNo=1&pageSize=100`);
    groupCode = own.data.find((c) => c.groupName === circleName)!.groupCode;
    // The side menu lists it, linked (active).
    const nav = p.getByRole('navigation', { name: 'Main' });
    if (!(await nav.getByRole('link', { name: circleName }).isVisible())) await nav.getByRole('button', { name: 'Circle', exact: true }).click();
    await expect.poll(() => nav.getByRole('link', { name: circleName }).isVisible(), { timeout: 30_000 }).toBe(true);
    await look(p, 'circles-own-list');
  });

  it('Amara invites Nia, her billionett, who accepts from her own session', async () => {
    const p = sessions.amara.page;
    const n = sessions.nia.page;
    // Nia asks Amara to be billionetts and Amara accepts (the billionetts screens have their own suite).
    const { id: amaraCode } = await userData(p);
    const { id: niaCode } = await userData(n);
    expect((await api(n, 'PUT', FRIEND_PATHS.suggestionAccept(amaraCode!))).status).toBeLessThan(300);
    expect((await api(p, 'POST', FRIEND_PATHS.requestAccept(niaCode!))).status).toBeLessThan(300);

    await p.goto(`/circle/${groupCode}/suite`);
    const invite = panel(p, 'Invite Friends');
    await invite.waitFor({ timeout: 30_000 });
    // Amara has many billionetts, 6 a page by name: page on until Nia shows.
    const inviteNia = invite.getByRole('button', { name: `Invite ${nia.displayName}` });
    for (let turn = 0; turn < 10 && !(await inviteNia.isVisible()); turn += 1) {
      await invite.getByRole('button', { name: 'Next page' }).click();
      await p.waitForTimeout(700);
    }
    await inviteNia.click();
    await expect.poll(async () => (await api<{ userCode: string }[]>(p, 'GET', CIRCLE_PATHS.invited(groupCode))).totalRecords, { timeout: 30_000 }).toBe(1);
    await look(p, 'circles-invite-panel');

    await n.goto('/suite/circles');
    const invitations = panel(n, 'Circle Invitations');
    await expect.poll(() => invitations.getByText(circleName).isVisible(), { timeout: 30_000 }).toBe(true);
    await look(n, 'circles-invitation');
    await invitations.getByRole('button', { name: `Accept ${circleName}` }).click();
    await expect.poll(() => panel(n, 'Following Circles').getByText(circleName).isVisible(), { timeout: 30_000 }).toBe(true);
    expect((await api<{ membership: string }>(n, 'GET', CIRCLE_PATHS.circle(groupCode))).data.membership).toBe('member');
  });

  it('An outsider, not Amara’s billionett, asks to join; Amara accepts from the members page', async () => {
    // Join requests from non-billionetts wait for the owner (the vault's 'Join requests' privacy).
    const p = sessions.amara.page;
    expect((await api(p, 'PUT', CIRCLE_PATHS.privacy(groupCode), { featureCode: 'requests', privacyCode: 2 })).status).toBe(201);

    const j = sessions.outsider.page;
    await j.goto(`/circle/${groupCode}/suite`);
    const card = j.getByRole('region', { name: 'Circle card' });
    await card.getByRole('button', { name: `Follow ${circleName}` }).click({ timeout: 30_000 });
    await expect.poll(() => card.getByText('Asked to join: waiting for its owner').isVisible(), { timeout: 30_000 }).toBe(true);
    await look(j, 'circles-asked');

    await p.goto(`/circle/${groupCode}/members`);
    const requests = panel(p, 'Member Requests');
    await requests.getByRole('button', { name: `Accept ${outsider.displayName}` }).click({ timeout: 30_000 });
    await expect.poll(() => panel(p, 'Members').getByText(outsider.displayName).isVisible(), { timeout: 30_000 }).toBe(true);
    await look(p, 'circles-members');
    await expect.poll(async () => (await api<{ membership: string }>(j, 'GET', CIRCLE_PATHS.circle(groupCode))).data.membership, { timeout: 30_000 }).toBe('member');
  });

  it('Nia posts in the circle; once private and without the outsider, they cannot see it', async () => {
    const n = sessions.nia.page;
    await n.goto(`/circle/${groupCode}/suite`);
    await n.getByRole('button', { name: 'Create entry' }).click({ timeout: 30_000 });
    const composer = n.getByRole('dialog', { name: `Create Entry on ${circleName}'s circle` });
    await composer.waitFor();
    const text = `Members only ${stamp}`;
    await composer.getByLabel('Description').fill(text);
    await composer.getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => n.getByText('Entry Created').isVisible(), { timeout: 30_000 }).toBe(true);
    await n.keyboard.press('Escape');
    await expect
      .poll(async () => JSON.stringify(await api(n, 'GET', `user/posts?postType=group&profileCode=${groupCode}&pageNo=1`)), { timeout: 30_000 })
      .toContain(text);

    // Amara: private (members only), then the outsider removed.
    const p = sessions.amara.page;
    await p.goto('/suite/circles');
    await panel(p, 'My Circles').getByRole('button', { name: `Update ${circleName}` }).click({ timeout: 30_000 });
    const drawer = p.getByRole('dialog', { name: 'Update Circle' });
    await drawer.getByLabel('Privacy').click();
    await p.getByRole('option', { name: 'Only me' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawer.isVisible(), { timeout: 30_000 }).toBe(false);
    await p.goto(`/circle/${groupCode}/members`);
    const members = panel(p, 'Members');
    await members.getByRole('button', { name: `Remove ${outsider.displayName}` }).click({ timeout: 30_000 });
    await p.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => members.getByText(outsider.displayName).count(), { timeout: 30_000 }).toBe(0);

    const j = sessions.outsider.page;
    await j.goto(`/circle/${groupCode}/suite`);
    await expect.poll(() => j.getByText(CIRCLE_MESSAGES.circleNotFound).isVisible(), { timeout: 30_000 }).toBe(true);
    const feed = await api(j, 'GET', `user/posts?postType=group&profileCode=${groupCode}&pageNo=1`);
    expect(feed.status).toBe(404);
    expect(JSON.stringify(feed)).not.toContain(text);
    await look(j, 'circles-removed-not-found');
  });
});

describe('slates: create, follow offline, accept offline, unfollow', () => {
  it('Amara creates a slate whose followers ask first', async () => {
    const p = sessions.amara.page;
    await p.goto('/suite/slate');
    await p.getByRole('button', { name: 'Add Slate' }).click({ timeout: 30_000 });
    const drawer = p.getByRole('dialog', { name: 'Add Slate' });
    await drawer.getByLabel('Slate Name').fill(slateName);
    await drawer.getByLabel('Caption').fill('Weekly notes from the harbour');
    await drawer.getByLabel('Slate Type').click();
    await drawer.getByLabel('Slate Type').fill('Software');
    await p.getByRole('option').first().click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawer.isVisible(), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => panel(p, 'My Slates').getByText(slateName).isVisible(), { timeout: 30_000 }).toBe(true);
    const own = await api<{ pageCode: string; pageName: string }[]>(p, 'GET', `${SLATE_PATHS.own}?pageNo=1&pageSize=100`);
    pageCode = own.data.find((s) => s.pageName === slateName)!.pageCode;
    expect((await api(p, 'PUT', SLATE_PATHS.privacy(pageCode), { featureCode: 'requests', privacyCode: 3 })).status).toBe(201);
    await look(p, 'slates-own-list');
  });

  it('the header search finds the slate (a typo tolerated), a member, and the private circle only for its members; offline too', async () => {
    const { context, page: j } = sessions.outsider;
    const search = async (p: Page, from: string, text: string) => {
      await p.goto(from);
      const box = p.getByPlaceholder('Search for anything...').first();
      await box.fill(text);
      await box.press('Enter');
    };
    // 'Harbor' for 'Harbour': the slate is found all the same, from the slates' section.
    await search(j, '/suite/slate', slateName.replace('Harbour', 'Harbor'));
    await j.waitForURL((url) => url.pathname === '/suite/slate/search', { timeout: 30_000 });
    const found = panel(j, `Slates matching "${slateName.replace('Harbour', 'Harbor')}"`);
    await expect.poll(() => found.getByText(slateName, { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => found.getByRole('button', { name: `Follow ${slateName}` }).isVisible()).toBe(true);
    await look(j, 'slates-search');
    // Seen once, the results open offline.
    await context.setOffline(true);
    try {
      await j.reload();
      await expect.poll(() => j.getByText(slateName, { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    } finally {
      await context.setOffline(false);
    }

    // The private circle the outsider was removed from is not found; Nia, a member, finds it.
    await search(j, '/suite/circles', circleName);
    await j.waitForURL((url) => url.pathname === '/suite/circles/search', { timeout: 30_000 });
    await expect.poll(() => j.getByText('No Circles found...').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await j.getByText(circleName, { exact: true }).count()).toBe(0);
    const n = sessions.nia.page;
    await search(n, '/suite/circles', circleName.toLowerCase());
    await expect.poll(() => panel(n, `Circles matching "${circleName.toLowerCase()}"`).getByText(circleName, { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await look(n, 'circles-search');

    // From anywhere else the header looks for members: the outsider finds Nia, not their billionett.
    await search(j, '/', nia.displayName);
    await j.waitForURL((url) => url.pathname === '/suite/billionetts/search', { timeout: 30_000 });
    await expect.poll(() => panel(j, `Members matching "${nia.displayName}"`).getByText(nia.displayName, { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await look(j, 'members-search');
  });

  it('The outsider follows it offline: pending, kept across a reload, asked once when back online', async () => {
    const { context, page: j } = sessions.outsider;
    await j.goto(`/slate/${pageCode}/suite`);
    const card = j.getByRole('region', { name: 'Slate card' });
    await card.getByRole('button', { name: `Follow ${slateName}` }).waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    try {
      await card.getByRole('button', { name: `Follow ${slateName}` }).click();
      await expect.poll(() => card.getByText('pending', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
      await j.reload();
      await expect.poll(() => j.getByRole('region', { name: 'Slate card' }).getByText('pending', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
      await look(j, 'slates-follow-pending');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => j.getByRole('region', { name: 'Slate card' }).getByText('Asked to follow: waiting for its admin').isVisible(), { timeout: 60_000 }).toBe(true);
    const asks = await api<{ userCode: string }[]>(sessions.amara.page, 'GET', SLATE_PATHS.followerRequests(pageCode));
    expect(asks.data.map((a) => a.userCode).length).toBe(1);
  });

  it('Amara accepts offline from the followers page; online, the outsider follows once', async () => {
    const { context, page: p } = sessions.amara;
    await p.goto(`/slate/${pageCode}/followers`);
    const requests = panel(p, 'Follower Requests');
    await requests.getByRole('button', { name: `Accept ${outsider.displayName}` }).waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    try {
      await requests.getByRole('button', { name: `Accept ${outsider.displayName}` }).click();
      await expect.poll(() => panel(p, 'Followers').getByText(outsider.displayName).isVisible(), { timeout: 30_000 }).toBe(true);
      await p.reload();
      await expect.poll(() => panel(p, 'Followers').getByText(outsider.displayName).isVisible(), { timeout: 30_000 }).toBe(true);
      await look(p, 'slates-accept-pending');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(async () => (await api(p, 'GET', SLATE_PATHS.followers(pageCode))).totalRecords, { timeout: 60_000 }).toBe(1);
    await expect.poll(async () => (await api(p, 'GET', SLATE_PATHS.followerRequests(pageCode))).totalRecords, { timeout: 30_000 }).toBe(0);
  });

  it('The outsider sees it under Following Slates and unfollows', async () => {
    const j = sessions.outsider.page;
    await j.goto('/suite/slate');
    const following = panel(j, 'Following Slates');
    await expect.poll(() => following.getByText(slateName).isVisible(), { timeout: 30_000 }).toBe(true);
    await following.getByRole('button', { name: `Unfollow ${slateName}` }).click();
    await expect.poll(() => following.getByText(slateName).count(), { timeout: 30_000 }).toBe(0);
    expect((await api<{ followingStatus: string }>(j, 'GET', SLATE_PATHS.slate(pageCode))).data.followingStatus).toBe('none');
  });

  it('reads well on a phone', async () => {
    const phone = await newContext(browser, baseUrl, true);
    const p = await phone.newPage();
    await checkIn(p, amara.email, amara.password);
    await p.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    for (const [path, name] of [
      ['/suite/circles', 'circles-list-phone'],
      ['/suite/slate', 'slates-list-phone'],
      [`/circle/${groupCode}/members`, 'circles-members-phone'],
      [`/circle/${groupCode}/vault`, 'circles-vault-phone'],
    ] as const) {
      await p.goto(path);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(500);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await look(p, name);
    }
    await phone.close();
  });
});
