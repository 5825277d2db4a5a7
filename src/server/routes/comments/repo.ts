/**
 * Comment queries: one select per page with the author card, like/dislike counts, my
 * reaction and the number of replies (correlated subqueries, no N+1).
 */
import { and, count, desc, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CommentExp, CommentItem } from '../../../contract/entries';
import type { Gender } from '../../../contract/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { commentReactions, comments } from '../../db/schema/entries';
import { professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import { alias } from 'drizzle-orm/pg-core';

const parent = alias(comments, 'parent');

function columns(viewerId: number) {
  const reactions = (exp: CommentExp) =>
    sql<number>`(select count(*)::int from ${commentReactions} where ${commentReactions.commentId} = ${comments.id} and ${commentReactions.exp} = ${exp})`;
  return {
    id: comments.id,
    postId: comments.postId,
    authorId: comments.authorId,
    parentId: comments.parentId,
    commentCode: comments.commentCode,
    body: comments.body,
    updatedAt: comments.updatedAt,
    parentCode: parent.commentCode,
    userCode: users.userCode,
    displayName: users.displayName,
    profileDp: users.profileDp,
    gender: users.gender,
    planName: plans.planName,
    professionName: professions.professionName,
    like: reactions('like'),
    dislike: reactions('dislike'),
    exp: sql<string | null>`(select ${commentReactions.exp} from ${commentReactions} where ${commentReactions.commentId} = ${comments.id} and ${commentReactions.userId} = ${viewerId})`,
    noOfReplies: sql<number>`(select count(*)::int from comments r where r.parent_id = ${comments.id})`,
  };
}

function select(db: Db, viewerId: number, where: SQL | undefined) {
  return db
    .select(columns(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(plans, eq(plans.planCode, users.planCode))
    .leftJoin(professions, eq(professions.professionCode, users.professionCode))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .where(where);
}

export type CommentRow = Awaited<ReturnType<typeof select>>[number];

export const toComment = (r: CommentRow, postCode: string): CommentItem => ({
  commentCode: r.commentCode,
  comment: r.body,
  user: {
    userCode: r.userCode,
    displayName: r.displayName,
    planName: r.planName,
    professionName: r.professionName ?? '',
    profileDp: r.profileDp,
    gender: r.gender as Gender,
  },
  like: r.like,
  dislike: r.dislike,
  exp: (r.exp as CommentExp | null) ?? null,
  noOfReplies: r.noOfReplies,
  replies: [],
  replyCommentCode: r.parentCode ?? null,
  postCode,
  lastUpdatedTime: new Date(r.updatedAt).toISOString(),
});

export type Page = { pageNo: number; pageSize: number };

/** Top-level comments newest first; replies (parentId given) oldest first, like a conversation. */
export async function listComments(db: Db, viewerId: number, postId: number, parentId: number | null, page: Page) {
  const where = and(eq(comments.postId, postId), parentId === null ? isNull(comments.parentId) : eq(comments.parentId, parentId));
  const [totalRow] = await db.select({ n: count() }).from(comments).where(where);
  const order = parentId === null ? [desc(comments.createdAt), desc(comments.id)] : [asc(comments.createdAt), asc(comments.id)];
  const rows = await select(db, viewerId, where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

/** A comment of this entry by code, or null. */
export async function findComment(db: Db, viewerId: number, postId: number, commentCode: string): Promise<CommentRow | null> {
  const [row] = await select(db, viewerId, and(eq(comments.postId, postId), eq(comments.commentCode, commentCode))).limit(1);
  return row ?? null;
}

/** By code only (an idempotent create checks where an existing code lives). */
export async function commentByCode(db: Db, commentCode: string) {
  const [row] = await db
    .select({ id: comments.id, postId: comments.postId, authorId: comments.authorId })
    .from(comments)
    .where(eq(comments.commentCode, commentCode))
    .limit(1);
  return row ?? null;
}
