/**
 * The feed on the device (spec/product.md §2.4, §2.5, §4), against the real server:
 * feed pages are mirrored per mode and filter (5 a page) and read offline; comments are
 * mirrored 3 a page; a rating made offline shows at once, survives a refresh of the feed
 * and reaches the server exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { uuidv7 } from '../../src/lib/ids';
import { enqueue } from '../../src/client/store/outbox';
import { pageKey } from '../../src/client/store/pages';
import { FEED_KIND, feedParams, type FeedSpec } from '../../src/client/store/feed-pages';
import type { PostView } from '../../src/client/entries/queries';
import { serverCall, signedIn, startClientTestServer, type TestServer } from './helpers/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Author = { token: string; userCode: string };

async function post(author: Author, text: string, extra: Record<string, unknown> = {}): Promise<string> {
  const userPostCode = uuidv7();
  const answer = await serverCall(server, author.token, 'POST', `${ENTRY_PATHS.create}?postType=user`, {
    userPostCode,
    featureCode: 5,
    postDescription: text,
    ...extra,
  });
  expect(answer.status).toBe(201);
  return userPostCode;
}

const feedPage = (h: Awaited<ReturnType<typeof signedIn>>, owner: string, spec: FeedSpec, pageNo: number) =>
  h.db.listPages.get(pageKey(FEED_KIND, owner, feedParams(spec), pageNo));

describe('the feed on the device', () => {
  it('mirrors a suite feed 5 a page per filter, and reads it offline', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const author = { token: h.member.token, userCode: me };
    const codes: string[] = [];
    for (let i = 1; i <= 7; i++) codes.push(await post(author, `entry ${i}`));
    const poll = await post(author, 'which?', {
      featureCode: 1,
      pollingDetails: { pollingQuestion: 'Which?', pollingAnswer1: 'A', pollingAnswer2: 'B' },
    });

    const suite: FeedSpec = { mode: 'user', userCode: me };
    expect(await h.sync.pull({ kind: 'feed', ...suite, pageNo: 1 })).toMatchObject({ ok: true });
    expect(await h.sync.pull({ kind: 'feed', ...suite, pageNo: 2 })).toMatchObject({ ok: true });
    const first = await feedPage(h, me, suite, 1);
    const second = await feedPage(h, me, suite, 2);
    expect(first?.codes).toHaveLength(5);
    expect(first?.totalRecords).toBe(8);
    expect(second?.codes).toHaveLength(3);
    // Newest first, every entry once, each row in `posts`.
    expect([...first!.codes, ...second!.codes].toSorted()).toEqual([...codes, poll].toSorted());
    expect(first?.codes[0]).toBe(poll);
    const row = (await h.db.posts.get(codes[0]!)) as PostView | undefined;
    expect(row?.originalPost?.postDescription).toBe('entry 1');

    // The Poll filter is its own set of pages.
    const polls: FeedSpec = { ...suite, featureCode: 1 };
    await h.sync.pull({ kind: 'feed', ...polls, pageNo: 1 });
    expect(await feedPage(h, me, polls, 1)).toMatchObject({ codes: [poll], totalRecords: 1 });
    expect((await feedPage(h, me, suite, 1))?.codes).toHaveLength(5);

    // Offline: the pull fails, the mirrored pages stay as they were.
    h.net.down = true;
    expect(await h.sync.pull({ kind: 'feed', ...suite, pageNo: 1 })).toMatchObject({ ok: false, offline: true });
    expect(await feedPage(h, me, suite, 1)).toEqual(first);
    h.net.down = false;
  });

  it('mirrors comments 3 a page, and a comment written here lands on page 1 once delivered', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const code = await post({ token: h.member.token, userCode: me }, 'talk about it');
    for (let i = 1; i <= 4; i++) {
      const answer = await serverCall(server, h.member.token, 'POST', ENTRY_PATHS.commentCreate(code), { commentCode: uuidv7(), comment: `c${i}` });
      expect(answer.status).toBeLessThan(300);
    }
    await h.sync.pull({ kind: 'comments', postCode: code, pageNo: 1 });
    const page1 = await h.db.listPages.get(pageKey('comments', code, '', 1));
    expect(page1).toMatchObject({ totalRecords: 4 });
    expect(page1?.codes).toHaveLength(3);

    const commentCode = uuidv7();
    await enqueue(h.db, 'comment.create', { userCode: me, postCode: code, data: { commentCode, comment: 'mine' } });
    expect(await h.db.comments.get(commentCode)).toMatchObject({ comment: 'mine', _sync: 'pending', parentCode: null });
    await h.sync.kick();
    await h.sync.settled();
    expect((await h.db.comments.get(commentCode))?._sync).toBeUndefined();
    expect((await h.db.listPages.get(pageKey('comments', code, '', 1)))?.codes[0]).toBe(commentCode);
  });

  it('shows a rating made offline at once, keeps it through a feed refresh, and delivers it once', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const code = await post({ token: h.member.token, userCode: me }, 'rate me');
    await h.sync.pull({ kind: 'feed', mode: 'all', pageNo: 1 });

    h.net.down = true;
    const id = await enqueue(h.db, 'entry.rate', { userCode: me, postCode: code, data: { rating: 3.5 } });
    const drawn = (await h.db.posts.get(code)) as PostView | undefined;
    expect(drawn).toMatchObject({ _sync: 'pending', originalPost: { currentRating: 3.5 } });

    // A refresh while unsent redraws the rating on top of the server's row.
    h.net.down = false;
    await h.sync.pull({ kind: 'feed', mode: 'all', pageNo: 1 });
    expect(((await h.db.posts.get(code)) as PostView | undefined)?.originalPost?.currentRating).toBe(3.5);

    // The answer is lost once: the replay sends again with the same key, applied once.
    let lost = false;
    h.net.around = async (request, pass) => {
      const response = await pass();
      if (request.key === id && !lost) {
        lost = true;
        throw new TypeError('Failed to fetch');
      }
      return response;
    };
    await h.sync.kick();
    await h.sync.settled();
    h.net.around = undefined;

    const sends = h.net.log.filter((r) => r.key === id);
    expect(sends.length).toBe(2);
    expect(sends[1]?.replayed).toBe(true);
    expect(await h.db.outbox.count()).toBe(0);
    const row = (await h.db.posts.get(code)) as PostView | undefined;
    expect(row?._sync).toBeUndefined();
    expect(row?.originalPost).toMatchObject({ currentRating: 3.5, avgRating: 3.5 });
    const fresh = await serverCall<{ originalPost: { avgRating: number; currentRating: number } }>(server, h.member.token, 'GET', ENTRY_PATHS.entry(code));
    expect(fresh.body.data?.originalPost).toMatchObject({ avgRating: 3.5, currentRating: 3.5 });
  });

  it('likes a comment and clears it with the same button; deletes an entry from every feed once delivered', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const code = await post({ token: h.member.token, userCode: me }, 'short-lived');
    const commentCode = uuidv7();
    await serverCall(server, h.member.token, 'POST', ENTRY_PATHS.commentCreate(code), { commentCode, comment: 'hi' });
    await h.sync.pull({ kind: 'comments', postCode: code, pageNo: 1 });

    const react = (exp: 'like' | 'none') =>
      enqueue(h.db, 'comment.react', { userCode: me, postCode: code, data: { exp, commentCode, userPostCode: code } });
    await react('like');
    // Drawn twice (a rebase), counted once.
    await h.sync.pull({ kind: 'comments', postCode: code, pageNo: 1 });
    expect(await h.db.comments.get(commentCode)).toMatchObject({ exp: 'like', like: 1, _sync: 'pending' });
    await react('none');
    expect(await h.db.comments.get(commentCode)).toMatchObject({ exp: null, like: 0 });
    await h.sync.kick();
    await h.sync.settled();
    expect(await h.db.comments.get(commentCode)).toMatchObject({ exp: null, like: 0 });
    expect((await h.db.comments.get(commentCode))?._sync).toBeUndefined();

    await h.sync.pull({ kind: 'feed', mode: 'all', pageNo: 1 });
    expect((await feedPage(h, me, { mode: 'all' }, 1))?.codes).toContain(code);
    await enqueue(h.db, 'entry.delete', { userCode: me, postCode: code });
    expect(await h.db.posts.get(code)).toMatchObject({ _deleting: true, _sync: 'pending' });
    await h.sync.kick();
    await h.sync.settled();
    expect(await h.db.posts.get(code)).toBeUndefined();
    expect((await feedPage(h, me, { mode: 'all' }, 1))?.codes).not.toContain(code);
    expect((await serverCall(server, h.member.token, 'GET', ENTRY_PATHS.entry(code))).status).toBe(404);
  });
});
