/**
 * pull({ kind: 'feed', mode, userCode? | code?, featureCode?, q?, pageNo }): one page (5) of a
 * feed (spec §2.4) into `posts`, its codes and total into `listPages` per mode, filter and
 * search text (store/feed-pages.ts), so each feed reads offline as it was last seen.
 * pull({ kind: 'entry', postCode }): one entry into the same `posts` rows the feeds read
 * (/entries/$postCode, the entry viewer, Discard of an entry write); a 404 removes it here.
 *
 * Every write redraws the unsent writes of the entries it brought (rebase), so a rating
 * or vote made offline stays on its card however often the feed refreshes.
 */
import { ACCESS_OK } from '../../../contract/codes';
import { ENTRY_PATHS, FEED_PAGE_SIZE, postItem, postItemCode, type PostItem } from '../../../contract/entries';
import { targets } from '../../../contract/targets';
import type { MemberDb } from '../../store/db';
import { postRowOf } from '../../store/entry-rows';
import { entryKey, FEED_KIND, feedOwner, feedParams, removeFromFeeds } from '../../store/feed-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { FeedRequest, PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

type FeedAnswer = { userPosts?: unknown; searchedPost?: unknown; totalRecords?: number };

function callOf(me: string, r: FeedRequest): { path: string; query: Record<string, string | number> } {
  const query: Record<string, string | number> = { pageNo: r.pageNo, pageSize: FEED_PAGE_SIZE };
  if (r.featureCode) query.featureCodes = String(r.featureCode);
  switch (r.mode) {
    case 'all':
      return { path: ENTRY_PATHS.home, query };
    case 'saved':
      return { path: ENTRY_PATHS.saved, query };
    case 'search':
      return { path: ENTRY_PATHS.search((r.q ?? '').trim()), query };
    case 'user':
      return { path: ENTRY_PATHS.suite, query: { ...query, userCode: r.userCode ?? me } };
    // A circle's or slate's suite (contract/circles.ts): the suite path with its target.
    case 'circle':
      return { path: ENTRY_PATHS.suite, query: { ...query, postType: 'group', profileCode: r.code ?? '' } };
    case 'slate':
      return { path: ENTRY_PATHS.suite, query: { ...query, postType: 'page', profileCode: r.code ?? '' } };
  }
}

/** Entry rows from the server, keeping what a pull does not carry (nothing today) — the server's row wins. */
async function putPosts(db: MemberDb, items: PostItem[]): Promise<void> {
  await db.posts.bulkPut(items.map((item) => postRowOf(item)));
}

export async function pullFeed(ctx: SyncContext, member: Member, r: FeedRequest): Promise<PullResult> {
  const { db, session } = member;
  const owner = feedOwner(session.id, r);
  const params = feedParams(r);
  const key = pageKey(FEED_KIND, owner, params, r.pageNo);
  const call = callOf(session.id, r);
  const result = await authed<FeedAnswer | unknown[]>(ctx, member, call.path, { query: call.query });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const data = result.body.data;
  const list = Array.isArray(data) ? data : (data?.userPosts ?? data?.searchedPost ?? []);
  const parsed = postItem.array().safeParse(list);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const items = parsed.data.filter((item) => postItemCode(item) !== '');
  const codes = items.map(postItemCode);
  const total = result.body.totalRecords ?? (Array.isArray(data) ? undefined : data?.totalRecords) ?? codes.length;
  await writeMirror(db, codes.map(targets.entry), async () => {
    await putPosts(db, items);
    await putPage(db, {
      kind: FEED_KIND,
      owner,
      params,
      pageNo: r.pageNo,
      codes,
      totalRecords: total,
      accessCode: result.body.accessCode ?? ACCESS_OK,
    });
  });
  return pulled(db, key, result.status);
}

export async function pullEntry(ctx: SyncContext, member: Member, postCode: string): Promise<PullResult> {
  const { db } = member;
  const key = entryKey(postCode);
  const result = await authed<unknown>(ctx, member, ENTRY_PATHS.entry(postCode));
  if (result.kind !== 'ok') {
    // Deleted or hidden now: it leaves this device's feeds too — unless it was written here
    // and is not delivered yet (or was refused): the server cannot know it, and its card
    // must keep its place and its Retry / Discard.
    if (result.status === 404) {
      await db.transaction('rw', db.tables, async () => {
        const unsent = await db.outbox.where('target').equals(targets.entry(postCode)).filter((i) => i.kind === 'entry.create').count();
        if (unsent > 0) return;
        await db.posts.delete(postCode);
        await removeFromFeeds(db, postCode);
      });
    }
    return pullFailed(db, key, result);
  }
  const parsed = postItem.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await writeMirror(db, [targets.entry(postCode)], () => putPosts(db, [parsed.data]));
  return pulled(db, key, result.status);
}
