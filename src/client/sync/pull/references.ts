/**
 * pull({ kind: 'references', pageNo }): one page of the member's reference candidates
 * into `references` (owner = the member), the page's codes into `listPages`. A joined
 * candidate's card (refCandidateProfile) goes to `people` too, like any member card.
 */
import { ACCESS_OK } from '../../../contract/codes';
import { FRIEND_PATHS, FRIENDS_PAGE_SIZE, referenceRow } from '../../../contract/friends';
import { mergePeople } from '../../store/friend-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullReferences(ctx: SyncContext, member: Member, pageNo: number): Promise<PullResult> {
  const { db, session } = member;
  const me = session.id;
  const key = pageKey('references', me, '', pageNo);
  const query = { pageNo, pageSize: FRIENDS_PAGE_SIZE };
  const result = await authed(ctx, member, FRIEND_PATHS.references, { query });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = referenceRow.array().safeParse(result.body.data ?? []);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const rows = parsed.data;
  const syncedAt = Date.now();
  await writeMirror(db, [], async () => {
    await db.references.bulkPut(rows.map((row) => ({ ...row, owner: me, syncedAt })));
    await mergePeople(db, rows.flatMap((row) => (row.refCandidateProfile ? [row.refCandidateProfile] : [])));
    await putPage(db, {
      kind: 'references',
      owner: me,
      params: '',
      pageNo,
      codes: rows.map((row) => row.refCode),
      totalRecords: result.body.totalRecords ?? rows.length,
      accessCode: result.body.accessCode ?? ACCESS_OK,
    });
  });
  return pulled(db, key, result.status, result.body.accessCode);
}
