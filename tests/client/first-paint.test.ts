/**
 * The home feed painted before the app boots (public/first-paint.js): from the member's own
 * mirror, written by the app's own writers (so the page key and row shape cannot drift
 * apart unnoticed), the first cards with the post header's words — the time in date-fns's
 * words exactly — as a picture no test, search or screen reader can take for the feed; and
 * nothing at all where there is nothing to paint (another page, no session, no database,
 * which it must not create).
 */
import { readFileSync } from 'node:fs';
import { formatDistanceToNow } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostItem } from '../../src/contract/entries';
import { deleteMemberDb, memberDb } from '../../src/client/store/db';
import { postRowOf } from '../../src/client/store/entry-rows';
import { FEED_KIND, feedParams } from '../../src/client/store/feed-pages';
import { putPage } from '../../src/client/store/pages';
import { defaultAvatarUrl, frameUrl, mediaUrl } from '../../src/client/ui/media-url';

const SCRIPT = readFileSync('public/first-paint.js', 'utf8');
const ME = 'UFIRSTPNT1';
const MINUTE = 60_000;

function item(n: number, agoMs: number, by = `U${n}`): PostItem {
  const post = {
    postCode: `0190b5a4-0000-7000-8000-${String(n).padStart(12, '0')}`,
    postedBy: { userCode: by, displayName: `Member ${n}`, planName: 'Emerald', professionName: 'Architect', profileDp: null, gender: n % 2 ? 'Female' : 'Male' },
    postedAt: { originCode: `U${n}`, originName: `Member ${n}`, postType: 'user', originAdminCode: `U${n}` },
    feelings: null,
    activity: null,
    taggedUsers: [],
    postDateTime: new Date(Date.now() - agoMs).toISOString(),
    location: n === 1 ? { placeId: 'p', latitude: 59.3, longitude: 18.1, place: 'Stockholm, Sweden' } : null,
    saved: false,
    postDescription: `Words of entry ${n}`,
    featureCode: 5,
    pollingDetails: null,
    postGalleries: [],
    avgRating: n === 1 ? 3.5 : 0,
    currentRating: 0,
    noOfComments: n,
    noOfShares: 0,
    privacyCode: 1,
    occasionPeriod: null,
    transitPeriod: null,
  };
  return { originalPost: post, sharedDetails: null, isShared: false } as unknown as PostItem;
}

/** `items` as feed page 1, pulled `pulledAgoMs` ago; `unlisted` in `posts` only (written on this device since). */
async function mirror(items: PostItem[], unlisted: PostItem[] = [], pulledAgoMs = 0) {
  const db = memberDb(ME);
  await db.posts.bulkPut([...items, ...unlisted].map((i) => postRowOf(i)));
  await putPage(db, { kind: FEED_KIND, owner: ME, params: feedParams({ mode: 'all' }), pageNo: 1, codes: items.map((i) => i.originalPost!.postCode), totalRecords: items.length, accessCode: 1 });
  if (pulledAgoMs) await db.listPages.where('kind').equals(FEED_KIND).modify({ syncedAt: Date.now() - pulledAgoMs });
}

function page(path = '/', signedIn = true) {
  history.replaceState(null, '', path);
  localStorage.clear();
  if (signedIn) {
    localStorage.setItem('accessToken', 'token');
    localStorage.setItem('userData', JSON.stringify({ id: ME, displayName: 'Me' }));
  }
  document.body.innerHTML = '<div id="root"><div class="bn-splash" role="status" aria-label="Billionett is loading"></div></div>';
}

const run = () => new Function(SCRIPT)();
const cards = () => [...document.querySelectorAll('section[aria-label="Feed"] article')];
const words = (card: Element) => [...card.querySelectorAll('[data-t]')].map((e) => e.getAttribute('data-t'));
async function painted(n: number) {
  await expect.poll(() => cards().length, { timeout: 5000 }).toBe(n);
}

afterEach(async () => {
  await deleteMemberDb(ME);
  document.head.querySelectorAll('style').forEach((s) => s.remove());
});

describe('first paint', () => {
  it("paints page 1's first four cards from the mirror in place of the splash", async () => {
    const items = [1, 2, 3, 4, 5].map((n) => item(n, n * 7 * MINUTE));
    await mirror(items);
    page();
    run();
    await painted(4);
    expect(document.querySelector('.bn-splash')).toBeNull();
    const first = words(cards()[0]!);
    expect(first).toEqual(
      expect.arrayContaining([
        'Member 1',
        `Architect · ${formatDistanceToNow(new Date(items[0]!.originalPost!.postDateTime), { addSuffix: true })}`,
        'Words of entry 1',
        '⌖ Stockholm, Sweden',
        '★ 3.5',
        '1 Comments',
        'Comment',
        'Share',
      ]),
    );
    expect(cards().map((c) => words(c)[0])).toEqual(['Member 1', 'Member 2', 'Member 3', 'Member 4']);
  });

  it("draws the member's own entries written since the page's pull first, and not an entry being deleted", async () => {
    const listed = [1, 2, 3].map((n) => item(n, n * 60 * MINUTE));
    const mine = item(7, 10 * MINUTE, ME);
    const someoneElses = item(8, 5 * MINUTE);
    await mirror(listed, [mine, someoneElses], 30 * MINUTE);
    const db = memberDb(ME);
    await db.posts.update(listed[1]!.originalPost!.postCode, { _deleting: true, _sync: 'pending' });
    page();
    run();
    await painted(3);
    expect(cards().map((c) => words(c)[0])).toEqual(['Member 7', 'Member 1', 'Member 3']);
  });

  it("draws each avatar from the app's own picture addresses, a frame after the cards", async () => {
    const withPicture = item(1, MINUTE);
    (withPicture.originalPost!.postedBy as { profileDp: string | null }).profileDp = 'face 1.webp';
    await mirror([withPicture, item(2, MINUTE)]);
    page();
    run();
    await painted(2);
    const pictures = () => cards().map((c) => [...c.querySelectorAll('img')].map((i) => i.getAttribute('src')));
    await expect.poll(pictures, { timeout: 5000 }).toEqual([
      [mediaUrl('face 1.webp', 'md'), frameUrl('Emerald')],
      [defaultAvatarUrl('Male', 'md'), frameUrl('Emerald')],
    ]);
  });

  it('is a picture only: no text to find, hidden from assistive technology, not focusable', async () => {
    await mirror([item(1, MINUTE)]);
    page();
    run();
    await painted(1);
    const root = document.getElementById('root')!;
    expect(root.textContent).toBe('');
    expect(root.firstElementChild?.getAttribute('role')).toBe('status');
    expect(root.firstElementChild?.getAttribute('aria-label')).toBe('Billionett is loading');
    const picture = root.firstElementChild?.firstElementChild;
    expect(picture?.getAttribute('aria-hidden')).toBe('true');
    expect(picture?.hasAttribute('inert')).toBe(true);
  });

  it("writes each time the way the post header does (date-fns formatDistanceToNow)", async () => {
    const DAY = 1440 * MINUTE;
    const ages = [10_000, 40_000, 2 * MINUTE, 44 * MINUTE, 46 * MINUTE, 95 * MINUTE, 23.9 * 60 * MINUTE, 30 * 60 * MINUTE, 3 * DAY, 29 * DAY, 31 * DAY, 50 * DAY, 100 * DAY, 200 * DAY, 400 * DAY, 500 * DAY, 700 * DAY, 1100 * DAY, -3 * DAY];
    for (let at = 0; at < ages.length; at += 4) {
      const items = ages.slice(at, at + 4).map((age, i) => item(at + i + 1, age));
      await mirror(items);
      page();
      run();
      await painted(items.length);
      const told = cards().map((c) => words(c)[1]);
      expect(told).toEqual(items.map((i) => `Architect · ${formatDistanceToNow(new Date(i.originalPost!.postDateTime), { addSuffix: true })}`));
      await deleteMemberDb(ME);
    }
  });

  it('leaves the splash on any other page, when signed out, or with no mirrored feed', async () => {
    await mirror([item(1, MINUTE)]);
    for (const [path, signedIn] of [['/telex', true], ['/', false]] as const) {
      page(path, signedIn);
      run();
      await new Promise((r) => setTimeout(r, 200));
      expect(cards()).toHaveLength(0);
      expect(document.querySelector('.bn-splash')).not.toBeNull();
    }
  });

  it('does not create the database of a member whose device has none', async () => {
    page();
    run();
    await new Promise((r) => setTimeout(r, 200));
    expect(cards()).toHaveLength(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(`billionett-${ME}`);
  });
});
