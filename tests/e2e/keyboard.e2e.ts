/**
 * Every journey without a mouse (issue 14): only page.keyboard — Tab, Shift+Tab, Enter,
 * Space, arrows, Escape, typing — never a click or a fill. Each step finds its control by
 * tabbing to it (what a keyboard member does), and each journey checks its result landed:
 * the entry on the server and in the feed, the comment, the rating, the telex at the other
 * member's end (through the API, with their own session).
 *
 * Also: 'Skip to content' is the first Tab stop and moves focus to <main>, focus goes
 * back to what opened a dialog when it closes, and the feed's Page Up / Page Down.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MEMBERS } from '../support/demo';
import { launch, newContext, shot } from './support/browser';
import { appliedWrites, serverEntries } from './support/entries';
import { waitForHome } from './support/pages';

const baseUrl = inject('baseUrl');
const amara = DEMO_MEMBERS[0]!;
const jonas = DEMO_MEMBERS[1]!;
const stamp = Date.now().toString(36);

let browser: Browser;
let page: Page;

/** What has focus, as a keyboard member's screen reader would name it. */
type Focus = { tag: string; role: string | null; name: string; checked: boolean | null; article: string | null; inDialog: boolean };

const focused = (p: Page): Promise<Focus | null> =>
  p.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e || e === document.body) return null;
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' ')
        .trim();
    const labels = 'labels' in e && (e as HTMLInputElement).labels ? [...(e as HTMLInputElement).labels!].map((l) => l.textContent ?? '').join(' ') : '';
    const name = (e.getAttribute('aria-label') || byIds(e.getAttribute('aria-labelledby')) || labels || e.textContent || '').trim();
    return {
      tag: e.tagName.toLowerCase(),
      role: e.getAttribute('role'),
      name,
      checked: e instanceof HTMLInputElement ? e.checked : null,
      article: e.closest('article')?.textContent ?? null,
      inDialog: Boolean(e.closest('[role="dialog"]')),
    };
  });

/** Presses Tab (or Shift+Tab) until focus is on what `match` wants (no press if it is already); fails after `max` presses. */
async function tabTo(p: Page, what: string, match: (f: Focus) => boolean, { back = false, max = 120 } = {}): Promise<Focus> {
  const now = await focused(p);
  if (now && match(now)) return now;
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await p.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(p);
    if (f && match(f)) return f;
    seen.push(f ? `${f.tag}:${f.name.slice(0, 30)}` : 'body');
  }
  throw new Error(`${what} never got focus by ${back ? 'Shift+Tab' : 'Tab'}; passed: ${seen.slice(-25).join(' | ')}`);
}

const isNamed = (name: string | RegExp, tag?: string) => (f: Focus) =>
  (typeof name === 'string' ? f.name === name : name.test(f.name)) && (!tag || f.tag === tag);

async function apiSignIn(login: { email: string; password: string }): Promise<{ token: string; id: string }> {
  const res = await fetch(`${baseUrl}/api/v1/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login.email, password: login.password }),
  });
  const body = (await res.json()) as { data?: { accessToken: string; id: string } };
  if (!res.ok || !body.data) throw new Error(`sign-in of ${login.email} failed: ${res.status}`);
  return { token: body.data.accessToken, id: body.data.id };
}

const api = async (method: string, path: string, token: string) => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { data?: { chatHistory?: { body: string }[] } } };
};

/** Opens the composer from the home page by keyboard; focus starts in its Description. */
async function openComposer(): Promise<void> {
  await tabTo(page, "'Create entry'", isNamed('Create entry', 'button'));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page))?.name, { timeout: 10_000 }).toBe('Description');
}

/** Posts the open composer's entry by keyboard, closes the drawer with Escape and checks focus came back. */
async function postAndClose(type: string): Promise<void> {
  await tabTo(page, "'Post'", isNamed('Post', 'button'));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText(`${type} Created`).isVisible(), { timeout: 30_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
  // Focus returns to the opener.
  await expect.poll(async () => (await focused(page))?.name, { timeout: 5_000 }).toBe('Create entry');
}

beforeAll(async () => {
  browser = await launch();
  page = await (await newContext(browser, baseUrl)).newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('keyboard only', () => {
  it("signs in: 'Skip to content' first, moving focus to main; then the form by Tab and Enter", async () => {
    await page.goto('/checkin');
    await page.getByLabel('Email Or Mobile').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to content' });
    // Shown while focused (it is off-screen otherwise).
    expect(await page.getByRole('link', { name: 'Skip to content' }).evaluate((a) => a.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    await tabTo(page, 'the email field', isNamed(/Email Or Mobile/, 'input'));
    await page.keyboard.type(amara.email);
    await tabTo(page, 'the password field', isNamed(/^Password/, 'input'));
    await page.keyboard.type(amara.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Create entry' }).waitFor({ timeout: 30_000 });

    // On the private screens too, the first Tab stop (of a freshly loaded page) skips the header and side menu.
    await page.goto('/');
    await page.getByRole('button', { name: 'Create entry' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to content' });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('h1').count()).toBe(1);
  });

  const text = `Typed without a mouse ${stamp}`;
  it('composes a text entry: it lands on the server once and in the feed', async () => {
    await openComposer();
    await page.keyboard.type(text);
    await postAndClose('Entry');
    await expect.poll(() => page.locator('article').filter({ hasText: text }).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await serverEntries(page, baseUrl, text)).length, { timeout: 30_000 }).toBe(1);
  });

  it('composes a poll through its modal; focus returns to the modal\'s opener', async () => {
    const question = `Which way, ${stamp}?`;
    const pollText = `A poll by keyboard ${stamp}`;
    await openComposer();
    // The type tabs sit before the description: back to the selected one, then arrows.
    await tabTo(page, "the 'Entry' tab", (f) => f.role === 'tab' && f.name === 'Entry', { back: true, max: 5 });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('dialog', { name: 'Create Poll on my suite' }).isVisible()).toBe(true);
    await tabTo(page, 'the description', isNamed('Description', 'textarea'), { max: 5 });
    await page.keyboard.type(pollText);

    await tabTo(page, "the 'Poll' button", isNamed('Poll', 'button'));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page))?.name, { timeout: 10_000 }).toBe('Question');
    await page.keyboard.type(question);
    await tabTo(page, 'option 1', isNamed('Option 1', 'input'), { max: 3 });
    await page.keyboard.type('North');
    await tabTo(page, 'option 2', isNamed('Option 2', 'input'), { max: 3 });
    await page.keyboard.type('South');
    await tabTo(page, "'Ok'", isNamed('Ok', 'button'), { max: 5 });
    await page.keyboard.press('Enter');
    // The poll modal is gone, the composer is still open, and focus is back on 'Poll'.
    await expect.poll(async () => (await focused(page))?.name, { timeout: 5_000 }).toBe('Poll');
    expect(await page.getByRole('dialog', { name: 'Create Poll on my suite' }).isVisible()).toBe(true);

    // Escape in a nested dialog closes that dialog only.
    await tabTo(page, "the privacy button", isNamed('Everyone', 'button'), { max: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Privacy' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Privacy' }).count(), { timeout: 5_000 }).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Create Poll on my suite' }).isVisible()).toBe(true);
    await expect.poll(async () => (await focused(page))?.name, { timeout: 5_000 }).toBe('Everyone');

    await postAndClose('Poll');
    const [entry] = await serverEntries(page, baseUrl, pollText);
    expect(entry?.pollingDetails?.pollingQuestion).toBe(question);
  });

  it('rates an entry with arrows in half steps, and comments on it with Enter', async () => {
    const mine = (f: Focus) => f.article?.includes(text) ?? false;
    await tabTo(page, "the entry's rating", (f) => mine(f) && f.tag === 'input' && f.checked === true);
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    // The choice is announced by the radio it lands on.
    expect(await focused(page)).toMatchObject({ name: '3.5 stars of 5', checked: true });
    // Leaving the stars sends it.
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await serverEntries(page, baseUrl, text))[0]?.currentRating, { timeout: 30_000 }).toBe(3.5);

    const comment = `A comment by keyboard ${stamp}`;
    await tabTo(page, "the entry's 'Comment' button", (f) => mine(f) && f.tag === 'button' && f.name === 'Comment', { max: 10 });
    await page.keyboard.press('Enter');
    await tabTo(page, 'the comment box', (f) => mine(f) && f.name === 'Comment' && f.tag === 'input', { max: 10 });
    await page.keyboard.type(comment);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('article').filter({ hasText: text }).first().getByText(comment).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await appliedWrites(page, baseUrl, comment)).length, { timeout: 30_000 }).toBe(1);
    await shot(page, 'keyboard-rated-and-commented');

    // A dialog opened from the card's menu gives focus back to that menu's button.
    await tabTo(page, "the entry's menu", (f) => mine(f) && f.name === 'Entry menu', { back: true, max: 40 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Report' }).isVisible(), { timeout: 5_000 }).toBe(true);
    for (let i = 0; i < 6 && (await focused(page))?.name !== 'Report'; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Report' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Report' }).count(), { timeout: 5_000 }).toBe(0);
    await expect.poll(async () => { const f = await focused(page); return f && mine(f) ? f.name : null; }, { timeout: 5_000 }).toBe('Entry menu');
  });

  it('sends a telex: the side menu, the billionett, the message box, Enter; it arrives at the other member', async () => {
    // Only billionetts telex each other: make Amara and Jonas billionetts (already so if another file did).
    const a = await apiSignIn(amara);
    const j = await apiSignIn(jonas);
    await api('PUT', `user/friend-suggestion/${j.id}/accept`, a.token);
    await api('POST', `user/friend-request/${a.id}/accept`, j.token);

    // Back from the feed to the side menu, which comes before <main>.
    await tabTo(page, "the side menu's 'Telex'", isNamed(/^Telex/, 'a'), { back: true, max: 200 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/telex');
    await page.getByRole('heading', { level: 1, name: 'Telex' }).waitFor();
    await tabTo(page, 'Jonas in the lists', (f) => f.tag === 'button' && f.name.includes('Jonas Ferreira'));
    await page.keyboard.press('Enter');
    // Opening a conversation puts focus in its message box.
    await expect.poll(async () => (await focused(page))?.name, { timeout: 15_000 }).toBe('Telex to Jonas Ferreira');
    const message = `Telex by keyboard ${stamp}`;
    await page.keyboard.type(message);
    await page.keyboard.press('Enter');
    const arrived = async () => ((await api('GET', `chat/history/${a.id}?pageNo=1&pageSize=50`, j.token)).body.data?.chatHistory ?? []).map((m) => m.body);
    await expect.poll(arrived, { timeout: 30_000 }).toContain(message);
    expect((await arrived()).filter((b) => b === message)).toHaveLength(1);
    // And it shows in Amara's conversation, which a screen reader hears as a log.
    await expect.poll(() => page.getByRole('log', { name: 'Messages' }).getByText(message).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it("reaches more of the feed with 'Load more entries', focus moving to the first new card", async () => {
    await tabTo(page, "the side menu's 'Home'", isNamed('Home', 'a'), { back: true, max: 200 });
    await page.keyboard.press('Enter');
    await waitForHome(page);
    await page.locator('article').first().waitFor({ timeout: 30_000 });
    // Into the feed, then out of it past its cards (the feed pattern's Control+End): Tab
    // alone walks every card while the feed draws its next pages ahead of the member.
    await tabTo(page, "a card's menu", isNamed('Entry menu', 'button'), { max: 80 });
    await page.keyboard.press('Control+End');
    await tabTo(page, "'Load more entries'", isNamed(/^Load(ing)? more entries/, 'button'), { max: 0 });
    // The last card drawn so far (tabbing down the feed scrolls it: entering cards are
    // outlines for a few frames, so wait until cards are drawn).
    const lastDrawn = () => page.locator('article[aria-posinset]').evaluateAll((cards) => Math.max(0, ...cards.map((c) => Number(c.getAttribute('aria-posinset')))));
    await expect.poll(lastDrawn, { timeout: 10_000 }).toBeGreaterThan(0);
    const before = await lastDrawn();
    await page.keyboard.press('Enter');
    const cardAt = () => page.evaluate(() => Number(document.activeElement?.closest('article')?.getAttribute('aria-posinset') ?? 0));
    await expect.poll(cardAt, { timeout: 30_000 }).toBeGreaterThan(before);
    // Focus settles on a new card while the feed settles (a page the scroll asked for may
    // land behind it and take focus to its own first card): the same card over half a second.
    let first = 0;
    for (const deadline = Date.now() + 30_000; first <= before && Date.now() < deadline; ) {
      const a = await cardAt();
      await new Promise((r) => setTimeout(r, 500));
      if (a === (await cardAt())) first = a;
    }
    expect(first, `focus after loading: ${JSON.stringify(await focused(page))}`).toBeGreaterThan(before);
    // The feed's own keys: Page Up / Page Down move between cards (a card not drawn yet is
    // scrolled in and focused a frame or two later).
    await page.keyboard.press('PageUp');
    await expect.poll(cardAt).toBe(first - 1);
    await page.keyboard.press('PageDown');
    await expect.poll(cardAt).toBe(first);
    await page.keyboard.press('PageDown');
    await expect.poll(cardAt).toBe(first + 1);
  });
});
