/**
 * pull({ kind: 'bulletins', pageNo }): a page of the member's bulletins (newest first) into
 * `bulletins`, and the unread count the server knows into `counts`. Page 1 is pulled when
 * the app starts, when the socket says there are new ones, and when the list opens; read
 * marks still queued are redrawn on top (target `bulletins:<me>`).
 */
import { BULLETIN_PATHS, bulletinPage } from '../../../contract/bulletins';
import { targets } from '../../../contract/targets';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullBulletins(ctx: SyncContext, member: Member, pageNo: number): Promise<PullResult> {
  const { db, session } = member;
  const key = `bulletins:${pageNo}`;
  const result = await authed(ctx, member, `${BULLETIN_PATHS.list}?pageNo=${pageNo}`);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = bulletinPage.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const { bulletins, unread, totalRecords } = parsed.data;
  await writeMirror(db, [targets.bulletins(session.id)], async () => {
    await db.bulletins.bulkPut(bulletins);
    await db.counts.put({ key: 'bulletins', unread, totalRecords });
  });
  return pulled(db, key, result.status);
}
