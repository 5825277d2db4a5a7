/** pull({ kind: 'profile', userCode }): GET user/{userCode} into `profiles`. */
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { targets } from '../../../contract/targets';
import { USER_PATHS, userProfile } from '../../../contract/user';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullProfile(ctx: SyncContext, member: Member, userCode: string): Promise<PullResult> {
  const { db } = member;
  const key = `profile:${userCode}`;
  const result = await authed(ctx, member, USER_PATHS.profile(userCode));
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  if (result.body.accessCode === ACCESS_RESTRICTED) {
    // Hidden now: drop what this device kept of it (DESIGN.md "Privacy model").
    await writeMirror(db, [], () => db.profiles.delete(userCode));
    return pulled(db, key, result.status, ACCESS_RESTRICTED);
  }
  const parsed = userProfile.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const row = { ...parsed.data, syncedAt: Date.now() };
  await writeMirror(db, [targets.profile(row.userCode)], () => db.profiles.put(row).then(() => undefined));
  return pulled(db, key, result.status, result.body.accessCode);
}
