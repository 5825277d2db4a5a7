/**
 * Entry and comment rows from their wire shapes, built in one place: a pull, an answer
 * applier and an optimistic draw store the same shape, so a card looks the same wherever
 * its row came from (STYLE.md §4 on the client side).
 */
import type { CommentItem, PostItem } from '../../contract/entries';
import type { CommentRow, PostRow } from './db';

type Mark = 'pending' | 'failed';

/**
 * A feed row from a PostItem: the one shape of `posts` rows. Keyed by the entry it shows
 * (a share's own post, else the original), sorted by that entry's time.
 */
export function postRowOf(item: PostItem, mark?: Mark): PostRow {
  const post = item.sharedDetails?.sharedPost ?? item.originalPost;
  const row: PostRow = { ...item, postCode: post?.postCode ?? '', postedAt: post?.postDateTime ?? '' };
  if (mark) row._sync = mark;
  return row;
}

/** A `comments` row: `parentCode` is the comment a reply answers (null for a top-level comment). */
export const commentRowOf = (c: CommentItem, mark?: Mark): CommentRow => ({
  ...c,
  parentCode: c.replyCommentCode,
  ...(mark ? { _sync: mark } : {}),
});
