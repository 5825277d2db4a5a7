/**
 * pull({ kind: 'comments', postCode, pageNo }) — an entry's comments, 3 a page — and
 * pull({ kind: 'replies', postCode, commentCode, pageNo }) — one comment's replies, 5 a
 * page (spec §9). Rows go to `comments` (`parentCode` = the comment answered), the
 * page's codes to `listPages` (store/feed-pages.ts), then the entry's unsent comment
 * writes are redrawn on top.
 */
import { ACCESS_OK } from '../../../contract/codes';
import { COMMENTS_PAGE_SIZE, commentItem, ENTRY_PATHS, REPLIES_PAGE_SIZE } from '../../../contract/entries';
import { targets } from '../../../contract/targets';
import { commentRowOf } from '../../store/entry-rows';
import { commentOwnerParams } from '../../store/feed-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { CommentsRequest, PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

type CommentsAnswer = { userPostComment?: { comments?: unknown; totalRecords?: number }; comments?: unknown; totalRecords?: number };

export async function pullComments(ctx: SyncContext, member: Member, r: CommentsRequest): Promise<PullResult> {
  const { db } = member;
  const commentCode = r.kind === 'replies' ? r.commentCode : undefined;
  const { kind, owner, params } = commentOwnerParams(r.postCode, commentCode);
  const key = pageKey(kind, owner, params, r.pageNo);
  const path = commentCode ? ENTRY_PATHS.comment(r.postCode, commentCode) : ENTRY_PATHS.comments(r.postCode);
  const pageSize = commentCode ? REPLIES_PAGE_SIZE : COMMENTS_PAGE_SIZE;
  const result = await authed<CommentsAnswer>(ctx, member, path, { query: { pageNo: r.pageNo, pageSize } });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const data = result.body.data;
  const list = data?.userPostComment?.comments ?? data?.comments ?? [];
  const parsed = commentItem.array().safeParse(list);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const total = result.body.totalRecords ?? data?.userPostComment?.totalRecords ?? data?.totalRecords ?? parsed.data.length;
  await writeMirror(db, [targets.entry(r.postCode)], async () => {
    await db.comments.bulkPut(parsed.data.map((c) => commentRowOf(c)));
    await putPage(db, {
      kind,
      owner,
      params,
      pageNo: r.pageNo,
      codes: parsed.data.map((c) => c.commentCode),
      totalRecords: total,
      accessCode: result.body.accessCode ?? ACCESS_OK,
    });
  });
  return pulled(db, key, result.status);
}
