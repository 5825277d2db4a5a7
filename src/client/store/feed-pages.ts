/**
 * Mirrored feed and comment pages (DESIGN.md "Reads and mirrors"). They live in
 * `listPages` like every paged list (store/pages.ts): a page
 * holds only the codes in the server's order; the entries live once in `posts`, the
 * comments and replies once in `comments`. Shared by the worker's pulls, the UI's live
 * queries and the entry appliers.
 */
import type { MemberDb } from './db';
import { dropFromPages, pagesOf } from './pages';

export type FeedMode = 'all' | 'user' | 'saved' | 'search' | 'circle' | 'slate';
/**
 * One feed as the screens ask for it; `featureCode` is one shortcut filter (spec §2.4) or
 * none. `code`: the circle's groupCode (mode 'circle') or the slate's pageCode ('slate').
 */
export type FeedSpec = { mode: FeedMode; userCode?: string; code?: string; featureCode?: number; q?: string };

export const FEED_KIND = 'feed';
/** The cursor of one entry's own pull (pull/feed.ts pullEntry; /entries/$postCode reads it). */
export const entryKey = (postCode: string) => `entry:${postCode}`;
export const COMMENTS_KIND = 'comments';
export const REPLIES_KIND = 'replies';

/** Whose feed it is: a suite's owner, a circle or slate (its code), else the member reading it. */
export const feedOwner = (me: string, spec: FeedSpec): string => {
  if (spec.mode === 'user' && spec.userCode) return spec.userCode;
  if ((spec.mode === 'circle' || spec.mode === 'slate') && spec.code) return spec.code;
  return me;
};

/** The filter part of the page key: one set of pages per mode, filter and search text. */
export const feedParams = (spec: FeedSpec): string =>
  `${spec.mode}|${spec.featureCode ?? ''}|${(spec.q ?? '').trim().toLowerCase()}`;

/** Every mirrored page of one feed, in page order. */
export async function feedPages(db: MemberDb, me: string, spec: FeedSpec) {
  const params = feedParams(spec);
  const pages = await pagesOf(db, FEED_KIND, feedOwner(me, spec));
  return pages
    .filter((p) => (p as { params?: string }).params === params)
    .sort((a, b) => a.pageNo - b.pageNo);
}

/** Take an entry out of every mirrored feed page (deleted, or gone from the member's view). */
export async function removeFromFeeds(db: MemberDb, postCode: string): Promise<void> {
  await dropFromPages(db, await db.listPages.where('kind').equals(FEED_KIND).toArray(), postCode);
}

/** The comment pages of an entry (`params` ''), or one comment's reply pages (`params` = its code). */
export const commentOwnerParams = (postCode: string, commentCode?: string) =>
  commentCode ? { kind: REPLIES_KIND, owner: postCode, params: commentCode } : { kind: COMMENTS_KIND, owner: postCode, params: '' };
