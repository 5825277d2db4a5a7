/**
 * The feed's queued writes on an entry and its comments (spec §2.5, §4): rate, poll
 * vote, archive / un-archive, share, delete, privacy, and comment create, edit, delete
 * and like/dislike. ('entry.create' is the composer's: appliers/composer.ts.)
 * - local: the optimistic change, marked `_sync`. Rebase re-runs it on every refresh, so
 *   each one SETS a value (or checks before it moves a count): drawn twice it draws once.
 * - answer: the server's values, unmarked; counts the server keeps (comments) move here,
 *   since an answer applier runs exactly once per delivered item.
 * Discards re-pull the entry (sync/pull/run-pull.ts pullsForTarget), except a new
 * comment, which the server never had and which its discard applier removes.
 */
import {
  commentItem,
  commentReactAnswer,
  pollingDetailsOut,
  postItem,
  rateAnswer,
  type CommentItem,
  type OriginalPost,
  type PostedBy,
} from '../../../contract/entries';
import type { CommentRow, MemberDb } from '../db';
import { commentRowOf, postRowOf } from '../entry-rows';
import { COMMENTS_KIND, REPLIES_KIND, removeFromFeeds } from '../feed-pages';
import { dropFromPages, pageKey } from '../pages';
import type { AreaAppliers, Applier } from './applier';

type Mark = 'pending' | 'failed' | undefined;
type Post = OriginalPost;

/** Change the entry `postCode` inside its row (a share's own post, or the original). */
async function editPost(db: MemberDb, postCode: string, edit: (post: Post) => Partial<Post>, mark: Mark, extra: Record<string, unknown> = {}) {
  const row = await db.posts.get(postCode);
  if (!row) return;
  const shared = (row.sharedDetails ?? null) as { sharedPost: Post } | null;
  const key = shared?.sharedPost.postCode === postCode ? 'sharedDetails' : 'originalPost';
  if (key === 'sharedDetails' && shared) {
    const sharedPost = { ...shared.sharedPost, ...edit(shared.sharedPost) };
    await db.posts.update(postCode, { sharedDetails: { ...shared, sharedPost }, _sync: mark, ...extra });
    return;
  }
  const original = row.originalPost as Post | null | undefined;
  if (!original) return;
  await db.posts.update(postCode, { originalPost: { ...original, ...edit(original) }, _sync: mark, ...extra });
}

/** Move my vote to `option` (or keep it there): the counts move only when my vote does. */
function voted(post: Post, option: 1 | 2 | 3): Partial<Post> {
  const poll = post.pollingDetails;
  if (!poll || poll.currentUserOption === option) return {};
  const options = { ...poll.pollingOptions };
  const bump = (n: number, by: number) => {
    const k = `option${n}` as 'option1' | 'option2' | 'option3';
    const o = options[k];
    if (o) options[k] = { ...o, votes: Math.max(0, o.votes + by) };
  };
  if (poll.currentUserOption) bump(poll.currentUserOption, -1);
  bump(option, 1);
  return { pollingDetails: { ...poll, pollingOptions: options, currentUserOption: option } };
}

async function me(db: MemberDb, userCode: string): Promise<PostedBy> {
  const p = await db.profiles.get(userCode);
  return {
    userCode,
    displayName: p?.displayName ?? '',
    planName: p?.planName ?? '',
    professionName: p?.professionName ?? '',
    profileDp: p?.profileDp ?? null,
    gender: (p?.gender ?? 'Male') as PostedBy['gender'],
  };
}

/** Put a delivered comment on its list's first page, so it stays once its mark goes. */
async function addToFirstPage(db: MemberDb, c: CommentRow) {
  const kind = c.parentCode ? REPLIES_KIND : COMMENTS_KIND;
  const key = pageKey(kind, c.postCode, c.parentCode ?? '', 1);
  const page = await db.listPages.get(key);
  if (!page || page.codes.includes(c.commentCode)) return;
  // Comments list newest first; replies oldest first.
  const codes = c.parentCode ? [...page.codes, c.commentCode] : [c.commentCode, ...page.codes];
  await db.listPages.update(key, { codes, totalRecords: page.totalRecords + 1 });
}

async function dropComment(db: MemberDb, commentCode: string) {
  await dropFromPages(db, await db.listPages.where('kind').anyOf([COMMENTS_KIND, REPLIES_KIND]).toArray(), commentCode);
  await db.comments.delete(commentCode);
}

const countComments = (by: number) => (post: Post) => ({ noOfComments: Math.max(0, post.noOfComments + by) });

/** Archive and un-archive set one flag, drawn and answered alike. */
const savedAs = (saved: boolean): Applier<'entry.save' | 'entry.unsave'> => ({
  local: (db, p, mark) => editPost(db, p.postCode, () => ({ saved }), mark),
  answer: (db, p) => editPost(db, p.postCode, () => ({ saved }), undefined),
});

export const entryAppliers = {
  'entry.rate': {
    local: (db, p, mark) => editPost(db, p.postCode, () => ({ currentRating: p.data.rating }), mark),
    rebaseKey: (p) => p.postCode,
    answer: async (db, p, data) => {
      const answer = rateAnswer.safeParse(data);
      await editPost(db, p.postCode, () => (answer.success ? answer.data : { currentRating: p.data.rating }), undefined);
    },
  },
  'poll.vote': {
    local: (db, p, mark) => editPost(db, p.postCode, (post) => voted(post, p.data.pollingResponse), mark),
    answer: async (db, p, data) => {
      const answer = pollingDetailsOut.safeParse(data);
      await editPost(db, p.postCode, (post) => (answer.success ? { pollingDetails: answer.data } : voted(post, p.data.pollingResponse)), undefined);
    },
  },
  'entry.save': savedAs(true),
  'entry.unsave': savedAs(false),
  'entry.privacy': {
    local: (db, p, mark) => editPost(db, p.postCode, () => ({ privacyCode: p.data.privacyCode }), mark),
    answer: (db, p) => editPost(db, p.postCode, () => ({ privacyCode: p.data.privacyCode }), undefined),
  },
  // A deleted entry hides at once (`_deleting`); a refused delete shows it again, marked failed.
  'entry.delete': {
    local: async (db, p, mark) => {
      await db.posts.update(p.postCode, { _sync: mark, _deleting: mark === 'pending' });
    },
    answer: async (db, p) => {
      await db.posts.delete(p.postCode);
      await removeFromFeeds(db, p.postCode);
    },
  },
  // The share is a new entry on its target's suite; it shows when that feed is next read.
  'entry.share': {
    answer: async (db, p, data) => {
      const answer = postItem.safeParse(data);
      if (answer.success) await db.posts.put(postRowOf(answer.data));
      await editPost(db, p.data.originalUserPostCode, (post) => ({ noOfShares: post.noOfShares + 1 }), undefined);
    },
  },
} satisfies AreaAppliers;

export const commentAppliers = {
  'comment.create': {
    local: async (db, p, mark) => {
      const old = await db.comments.get(p.data.commentCode);
      const reply = p.data.replyCommentCode ?? null;
      const row: CommentItem = {
        commentCode: p.data.commentCode,
        comment: p.data.comment,
        user: await me(db, p.userCode),
        like: 0,
        dislike: 0,
        exp: null,
        noOfReplies: 0,
        replies: [],
        replyCommentCode: reply,
        postCode: p.postCode,
        lastUpdatedTime: typeof old?.lastUpdatedTime === 'string' ? old.lastUpdatedTime : new Date().toISOString(),
      };
      await db.comments.put(commentRowOf(row, mark));
    },
    answer: async (db, p, data) => {
      const answer = commentItem.safeParse(data);
      const row = answer.success ? commentRowOf(answer.data) : await db.comments.get(p.data.commentCode);
      if (!row) return;
      await db.comments.put({ ...row, _sync: undefined });
      await addToFirstPage(db, row);
      if (row.parentCode) {
        const parent = await db.comments.get(row.parentCode);
        if (parent) await db.comments.update(row.parentCode, { noOfReplies: Number(parent.noOfReplies ?? 0) + 1 });
      } else await editPost(db, p.postCode, countComments(1), undefined);
    },
    discard: async (db, p) => {
      await db.comments.delete(p.data.commentCode);
    },
  },
  'comment.update': {
    local: async (db, p, mark) => {
      await db.comments.update(p.commentCode, { comment: p.data.comment, _sync: mark });
    },
    answer: async (db, p, data) => {
      const answer = commentItem.safeParse(data);
      if (answer.success) await db.comments.put(commentRowOf(answer.data));
      else await db.comments.update(p.commentCode, { comment: p.data.comment, _sync: undefined });
    },
  },
  'comment.delete': {
    local: async (db, p, mark) => {
      await db.comments.update(p.commentCode, { _sync: mark, _deleting: mark === 'pending' });
    },
    answer: async (db, p) => {
      const row = await db.comments.get(p.commentCode);
      await dropComment(db, p.commentCode);
      if (row && !row.parentCode) await editPost(db, p.postCode, countComments(-1), undefined);
    },
  },
  'comment.react': {
    local: async (db, p, mark) => {
      const row = await db.comments.get(p.data.commentCode);
      if (!row) return;
      const next = p.data.exp === 'none' ? null : p.data.exp;
      const was = (row.exp ?? null) as CommentItem['exp'];
      const counts: Record<string, number> = { like: Number(row.like ?? 0), dislike: Number(row.dislike ?? 0) };
      if (was !== next) {
        if (was) counts[was] = Math.max(0, (counts[was] ?? 0) - 1);
        if (next) counts[next] = (counts[next] ?? 0) + 1;
      }
      await db.comments.update(p.data.commentCode, { ...counts, exp: next, _sync: mark });
    },
    answer: async (db, p, data) => {
      const answer = commentReactAnswer.safeParse(data);
      if (answer.success) await db.comments.update(p.data.commentCode, { ...answer.data, _sync: undefined });
      else await db.comments.update(p.data.commentCode, { _sync: undefined });
    },
  },
} satisfies AreaAppliers;
