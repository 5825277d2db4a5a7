/** pull({ kind: 'dataExport' }): the member's data export (state, dates) into `accountState`. */
import { DATA_EXPORT_PATHS, dataExportState } from '../../../contract/data-export';
import type { DataExportStateRow } from '../../store/db';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullDataExport(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'dataExport';
  const result = await authed(ctx, member, DATA_EXPORT_PATHS.state);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = dataExportState.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  const row: DataExportStateRow = { key: 'dataExport', export: parsed.data.export };
  await db.accountState.put(row);
  return pulled(db, key, result.status);
}
