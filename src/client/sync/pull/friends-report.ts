/**
 * pull({ kind: 'friendsReport', userCode }): a member's billionetts counted by
 * category (the suite's pie chart) into `reports` under `friends:<userCode>`.
 * A visitor may get accessCode 106: the row is kept with no slices.
 */
import { ACCESS_OK, ACCESS_RESTRICTED } from '../../../contract/codes';
import { FRIEND_PATHS, friendReportSlice } from '../../../contract/friends';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export const friendsReportKey = (userCode: string) => `friends:${userCode}`;

export async function pullFriendsReport(ctx: SyncContext, member: Member, userCode: string): Promise<PullResult> {
  const { db, session } = member;
  const key = friendsReportKey(userCode);
  const query = userCode === session.id ? {} : { userCode };
  const result = await authed(ctx, member, FRIEND_PATHS.report, { query });
  if (result.kind !== 'ok') return pullFailed(db, `report:${key}`, result);
  const accessCode = result.body.accessCode ?? ACCESS_OK;
  const hidden = accessCode === ACCESS_RESTRICTED;
  const parsed = hidden ? { success: true as const, data: [] } : friendReportSlice.array().safeParse(result.body.data ?? []);
  if (!parsed.success) return badAnswer(db, `report:${key}`, result.status);
  const rows = parsed.data;
  const totalRecords = result.body.totalRecords ?? rows.reduce((sum, slice) => sum + slice.count, 0);
  await writeMirror(db, [], () =>
    db.reports.put({ key, rows, totalRecords, accessCode, syncedAt: Date.now() }).then(() => undefined),
  );
  return pulled(db, `report:${key}`, result.status, accessCode);
}
