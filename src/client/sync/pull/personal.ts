/**
 * pull({ kind: 'personal', userCode }): GET user/personal into `personal`. The own
 * details need no query; another member's are asked with friendCode, and the
 * server decides by their privacy whether to answer them (106 = hidden).
 */
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { targets } from '../../../contract/targets';
import { USER_PATHS, personalInfo } from '../../../contract/user';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullPersonal(ctx: SyncContext, member: Member, userCode: string): Promise<PullResult> {
  const { db } = member;
  const key = `personal:${userCode}`;
  const own = userCode === member.session.id;
  const result = await authed(ctx, member, USER_PATHS.personal, { query: own ? {} : { friendCode: userCode } });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  if (result.body.accessCode === ACCESS_RESTRICTED) {
    await writeMirror(db, [], () => db.personal.delete(userCode));
    return pulled(db, key, result.status, ACCESS_RESTRICTED);
  }
  const parsed = personalInfo.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const row = { ...parsed.data, syncedAt: Date.now() };
  await writeMirror(db, [targets.profile(row.userCode)], () => db.personal.put(row).then(() => undefined));
  return pulled(db, key, result.status, result.body.accessCode);
}
