/**
 * Live reads of the feed (DESIGN.md: the UI reads only Dexie): a feed's mirrored pages
 * with their entries, one entry, an entry's comments or a comment's replies, and the
 * state of the queued writes on an entry.
 */
import { useLiveQuery } from '../store/live-query';
import { STATUS_ACTIVE } from '../../contract/codes';
import type { CommentItem, PostItem } from '../../contract/entries';
import { targets } from '../../contract/targets';
import { memberDb, type CommentRow, type OutboxItem, type PostRow } from '../store/db';
import { commentOwnerParams, entryKey, feedPages, type FeedSpec } from '../store/feed-pages';
import { listedCircles, listedSlates } from '../store/circle-pages';
import { pageKey } from '../store/pages';
import { feedKey, peekEarly, settleEarly } from '../store/early-reads';

/** A `posts` row: the feed's PostItem plus its code, creation time and marks. */
export type PostView = PostRow & PostItem & { _deleting?: boolean };
export type CommentView = CommentRow & CommentItem & { _deleting?: boolean };

export type FeedView = {
  posts: PostView[];
  /** Pages mirrored for this feed, and the server's total at the last page read. */
  pages: number;
  totalRecords: number;
  /** True once page 1 was ever mirrored (offline: the last feed seen). */
  cached: boolean;
};

const visible = <T extends { _deleting?: boolean; _sync?: string }>(r: T | undefined): r is T =>
  r !== undefined && !(r._deleting && r._sync === 'pending');

/**
 * The entries of a feed in page order. The member's own entries newer than page 1's
 * read (written here, possibly unsent) come first in the feeds they belong to, so a new
 * entry shows at once, offline too, until the next reload puts it in page 1.
 */
export function useFeed(me: string, spec: FeedSpec): FeedView | undefined {
  const { mode, userCode, code, featureCode, q } = spec;
  // The first render takes the read shell/early-start.ts began before React (home's feed).
  const early = feedKey(me, spec);
  return useLiveQuery(
    async () => settleEarly(early, await readFeed(me, { mode, userCode, code, featureCode, q })),
    [me, mode, userCode, code, featureCode, q],
    peekEarly<FeedView>(early),
  );
}

/** A feed as cached (useFeed's querier; shell/early-start.ts runs it for home before React). */
export async function readFeed(me: string, spec: FeedSpec): Promise<FeedView> {
  const { mode, userCode, code, featureCode, q } = spec;
  const db = memberDb(me);
  const pages = await feedPages(db, me, { mode, userCode, code, featureCode, q });
  const codes = [...new Set(pages.flatMap((p) => p.codes))];
  const first = pages.find((p) => p.pageNo === 1);
  const group = mode === 'circle' || mode === 'slate';
  const mine = mode === 'all' || (mode === 'user' && (userCode ?? me) === me) || group;
  let fresh: PostView[] = [];
  if (mine && !featureCode) {
    const since = new Date(first?.syncedAt ?? 0).toISOString();
    const recent = (await db.posts.where('postedAt').above(since).toArray()) as PostView[];
    fresh = recent
      .filter((r) => !codes.includes(r.postCode) && (r.originalPost?.postedBy.userCode === me || r.sharedDetails?.sharedBy.userCode === me))
      .filter((r) => {
        if (group) return postedOn(r, mode === 'circle' ? 'group' : 'page', code);
        return mode === 'all' || (r.originalPost?.postedAt.originCode ?? me) === (userCode ?? me);
      })
      .sort((a, b) => b.postedAt.localeCompare(a.postedAt));
  }
  const rows = (await db.posts.bulkGet(codes)) as (PostView | undefined)[];
  return {
    posts: [...fresh, ...rows].filter(visible),
    pages: pages.length,
    totalRecords: (pages.at(-1)?.totalRecords ?? 0) + fresh.length,
    cached: first !== undefined,
  };
}

/** The entry (or share) was posted on this circle ('group') or slate ('page'). */
function postedOn(row: PostView, postType: 'group' | 'page', code: string | undefined): boolean {
  const at = (row.sharedDetails?.sharedPost ?? row.originalPost)?.postedAt;
  return at?.postType === postType && at.originCode === code;
}

export function usePost(me: string, postCode: string): PostView | null | undefined {
  return useLiveQuery(async () => ((await memberDb(me).posts.get(postCode)) as PostView | undefined) ?? null, [me, postCode]);
}

/**
 * One entry and when its own pull last succeeded, read together: the worker records that
 * time after it wrote the row, so a `syncedAt` from this visit means `row` is what the
 * server answered (a missing row is gone, not on its way).
 */
export function useEntry(me: string, postCode: string) {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const [row, cursor] = await Promise.all([db.posts.get(postCode), db.cursors.get(entryKey(postCode))]);
    return { row: row as PostView | undefined, syncedAt: cursor?.syncedAt ?? 0 };
  }, [me, postCode]);
}

export type CommentsView = { rows: CommentView[]; pages: number; totalRecords: number };

/**
 * An entry's comments (newest first) or one comment's replies (oldest first), pages
 * 1..`pageCount`; comments written here and not yet on a page join them.
 */
export function useComments(me: string, postCode: string, commentCode: string | undefined, pageCount: number) {
  return useLiveQuery(async (): Promise<CommentsView> => {
    const db = memberDb(me);
    const { kind, owner, params } = commentOwnerParams(postCode, commentCode);
    const keys = Array.from({ length: pageCount }, (_, i) => pageKey(kind, owner, params, i + 1));
    const pages = (await db.listPages.bulkGet(keys)).filter((p) => p !== undefined);
    const codes = [...new Set(pages.flatMap((p) => p.codes))];
    const rows = (await db.comments.bulkGet(codes)) as (CommentView | undefined)[];
    const all = (await db.comments.where('postCode').equals(postCode).toArray()) as CommentView[];
    const local = all
      .filter((c) => c._sync && !codes.includes(c.commentCode) && (c.parentCode ?? undefined) === commentCode)
      .sort((a, b) => a.lastUpdatedTime.localeCompare(b.lastUpdatedTime));
    const listed = rows.filter(visible);
    const merged = commentCode ? [...listed, ...local] : [...local.toReversed(), ...listed];
    return { rows: merged.filter(visible), pages: pages.length, totalRecords: pages.at(-1)?.totalRecords ?? 0 };
  }, [me, postCode, commentCode, pageCount]);
}

/** The queued writes on one entry (and its comments), oldest first. */
export function useEntryWrites(me: string, postCode: string): OutboxItem[] {
  return (
    useLiveQuery(() => memberDb(me).outbox.where('target').equals(targets.entry(postCode)).sortBy('id'), [me, postCode], [])
  );
}

/** The one failed write (it holds back the rest) about `code`, or whether any is pending. */
export function writeState(items: OutboxItem[], matches: (item: OutboxItem) => boolean) {
  const mine = items.filter(matches);
  const failed = mine.find((i) => i.status === 'failed');
  if (failed) return { status: 'failed' as const, id: failed.id, message: failed.error?.message ?? 'The server refused this change.' };
  return mine.length ? { status: 'pending' as const } : undefined;
}

export function usePrivacies(me: string) {
  return (
    useLiveQuery(async () => {
      const row = await memberDb(me).masters.get('privacies');
      return row?.name === 'privacies' ? row.rows : [];
    }, [me], [])
  );
}

/** How many entries the member has written and not yet delivered (the feed reloads when one lands). */
export function useUnsentEntries(me: string): number | undefined {
  return useLiveQuery(() => memberDb(me).outbox.filter((i) => i.kind === 'entry.create').count(), [me]);
}

/** The member's billionetts the device has mirrored (share target picker). */
export function useKnownFriends(me: string) {
  return (
    useLiveQuery(async () => {
      const db = memberDb(me);
      const pages = await db.listPages.where('[kind+owner]').equals(['friends', me]).toArray();
      const codes = [...new Set(pages.sort((a, b) => a.pageNo - b.pageNo).flatMap((p) => p.codes))];
      return (await db.people.bulkGet(codes)).filter((p) => p !== undefined);
    }, [me], [])
  );
}

/**
 * Circle and slate share targets the device has mirrored (spec §4 Share): circles I
 * belong to, slates I own. Only active ones (statusCode 9): a circle or slate that is not
 * active is not navigable (spec §4), so nothing is shared there.
 */
export function useShareTargets(me: string, kind: 'circle' | 'slate'): { code: string; name: string }[] {
  return (
    useLiveQuery(async () => {
      const db = memberDb(me);
      if (kind === 'circle')
        return (await listedCircles(db, me)).filter((c) => c.statusCode === STATUS_ACTIVE).map((c) => ({ code: c.groupCode, name: c.groupName }));
      return (await listedSlates(db, me)).filter((s) => s.statusCode === STATUS_ACTIVE).map((s) => ({ code: s.pageCode, name: s.pageName }));
    }, [me, kind], [])
  );
}
