/**
 * Comments and replies (spec/calls.md "Comments"): pages of 3 comments and 5 replies,
 * create (client commentCode: a replay is stored once), edit and delete (comment author
 * only, spec §6), like/dislike (`exp`; 'none' clears). Only a member who can see the
 * entry reads or writes its comments: otherwise 404, as if the entry did not exist.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_OK, CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope, pageQuery } from '../../../contract/envelope';
import {
  COMMENTS_PAGE_SIZE,
  commentCreate,
  commentExpParam,
  commentItem,
  commentParams,
  commentReact,
  commentReactAnswer,
  commentUpdate,
  ENTRY_MESSAGES,
  ENTRY_PATHS,
  postCodeParams,
  REPLIES_PAGE_SIZE,
} from '../../../contract/entries';
import type { Db } from '../../db/client';
import { commentReactions, comments } from '../../db/schema/entries';
import { fieldError, HttpError } from '../../http-error';
import { memberOf, type Member } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { entryBulletin } from '../../domain/bulletins/entries';
import { bulletin } from '../../plugins/bulletins';
import { visibleEntry } from '../../domain/entries/write-repo';
import { commentByCode, findComment, listComments, toComment } from './repo';

const path = (p: string) => `/${p}`;
const listAnswer = envelope(z.object({ userPostComment: z.object({ comments: z.array(commentItem) }) }));
const oneAnswer = envelope(commentItem);
const pageOf = (q: { pageNo: number; pageSize?: number }, size: number) => ({ pageNo: q.pageNo, pageSize: Math.min(q.pageSize ?? size, 50) });

async function answerComment(tx: Db, me: Member, postId: number, postCode: string, commentCode: string, status: number, message: string) {
  const row = await findComment(tx, me.id, postId, commentCode);
  return { status, body: { code: status, message, data: row ? toComment(row, postCode) : undefined } };
}

/** The comment for an author-only action: 404 when gone, 403 when not mine. */
async function ownComment(tx: Db, me: Member, postId: number, commentCode: string) {
  const row = await findComment(tx, me.id, postId, commentCode);
  if (!row) throw new HttpError(404, ENTRY_MESSAGES.commentNotFound);
  if (row.authorId !== me.id) throw new HttpError(403, ENTRY_MESSAGES.notCommentAuthor);
  return row;
}

const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(ENTRY_PATHS.comments(':postCode')), {
    config: { access: 'member' },
    schema: { tags: ['comments'], params: postCodeParams, querystring: pageQuery, response: { 200: listAnswer } },
    handler: async (request) => {
      const me = memberOf(request);
      const entry = await visibleEntry(app.db, me, request.params.postCode);
      const { rows, total } = await listComments(app.db, me.id, entry.id, null, pageOf(request.query, COMMENTS_PAGE_SIZE));
      const list = rows.map((r) => toComment(r, entry.postCode));
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: { userPostComment: { comments: list } }, totalRecords: total };
    },
  });

  app.get(path(ENTRY_PATHS.comment(':postCode', ':commentCode')), {
    config: { access: 'member' },
    schema: { tags: ['comments'], params: commentParams, querystring: pageQuery, response: { 200: listAnswer } },
    handler: async (request) => {
      const me = memberOf(request);
      const entry = await visibleEntry(app.db, me, request.params.postCode);
      const top = await findComment(app.db, me.id, entry.id, request.params.commentCode);
      if (!top) throw new HttpError(404, ENTRY_MESSAGES.commentNotFound);
      const { rows, total } = await listComments(app.db, me.id, entry.id, top.id, pageOf(request.query, REPLIES_PAGE_SIZE));
      const list = rows.map((r) => toComment(r, entry.postCode));
      return { code: CODE_OK, message: 'ok', accessCode: ACCESS_OK, data: { userPostComment: { comments: list } }, totalRecords: total };
    },
  });

  app.post(path(ENTRY_PATHS.commentCreate(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['comments'], params: postCodeParams, body: commentCreate, response: { 200: oneAnswer, 201: oneAnswer } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { commentCode, comment, replyCommentCode } = request.body;
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        const existing = await commentByCode(tx, commentCode);
        if (existing) {
          if (existing.authorId !== me.id || existing.postId !== entry.id) throw new HttpError(409, 'This comment code is already used.');
          return answerComment(tx, me, entry.id, entry.postCode, commentCode, CODE_OK, 'Already commented.');
        }
        let parentId: number | null = null;
        let answeredAuthor: number | null = null;
        if (replyCommentCode) {
          const answered = await findComment(tx, me.id, entry.id, replyCommentCode);
          if (!answered) throw fieldError('replyCommentCode', ENTRY_MESSAGES.commentNotFound);
          answeredAuthor = answered.authorId;
          // One level of replies: a reply to a reply joins its top-level comment's thread.
          parentId = answered.parentId ?? answered.id;
        }
        await tx.insert(comments).values({ commentCode, postId: entry.id, authorId: me.id, parentId, body: comment });
        // The entry's author hears of every comment; a reply's addressee of their answer.
        await bulletin(request, tx, await entryBulletin(tx, 'entryComment', me.id, entry.authorId, entry.postCode));
        if (answeredAuthor !== null && answeredAuthor !== entry.authorId) await bulletin(request, tx, await entryBulletin(tx, 'commentReply', me.id, answeredAuthor, entry.postCode));
        return answerComment(tx, me, entry.id, entry.postCode, commentCode, CODE_CREATED, 'Commented.');
      });
    },
  });

  app.put(path(ENTRY_PATHS.commentUpdate(':postCode', ':commentCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['comments'], params: commentParams, body: commentUpdate, response: { 201: oneAnswer } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        const row = await ownComment(tx, me, entry.id, request.params.commentCode);
        await tx.update(comments).set({ body: request.body.comment, updatedAt: sql`now()` }).where(eq(comments.id, row.id));
        return answerComment(tx, me, entry.id, entry.postCode, row.commentCode, CODE_CREATED, 'Comment updated.');
      });
    },
  });

  app.delete(path(ENTRY_PATHS.comment(':postCode', ':commentCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['comments'], params: commentParams, response: { 200: envelope(z.object({ commentCode: z.string() })) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        const row = await ownComment(tx, me, entry.id, request.params.commentCode);
        await tx.delete(comments).where(eq(comments.id, row.id));
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Comment deleted.', data: { commentCode: row.commentCode } } };
      });
    },
  });

  app.post(path(ENTRY_PATHS.commentReact(':postCode', ':exp' as never)), {
    config: { access: 'member', write: 'once' },
    schema: {
      tags: ['comments'],
      params: postCodeParams.extend({ exp: commentExpParam }),
      body: commentReact,
      response: { 200: envelope(commentReactAnswer) },
    },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { exp, commentCode, userPostCode } = request.body;
      if (exp !== request.params.exp) throw fieldError('exp', 'exp must match the path.');
      if (userPostCode !== request.params.postCode) throw fieldError('userPostCode', 'userPostCode must be the entry of the path.');
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, userPostCode);
        const row = await findComment(tx, me.id, entry.id, commentCode);
        if (!row) throw new HttpError(404, ENTRY_MESSAGES.commentNotFound);
        const mine = and(eq(commentReactions.commentId, row.id), eq(commentReactions.userId, me.id));
        if (exp === 'none') await tx.delete(commentReactions).where(mine);
        else {
          await tx
            .insert(commentReactions)
            .values({ commentId: row.id, userId: me.id, exp })
            .onConflictDoUpdate({ target: [commentReactions.commentId, commentReactions.userId], set: { exp } });
        }
        const after = (await findComment(tx, me.id, entry.id, commentCode))!;
        const data = { commentCode, like: after.like, dislike: after.dislike, exp: toComment(after, entry.postCode).exp };
        return { status: CODE_OK, body: { code: CODE_OK, message: 'ok', data } };
      });
    },
  });
};

export default commentRoutes;
