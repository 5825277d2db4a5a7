/**
 * 'Download your data', online only (the member must see it take): ask for an export, and
 * mint the short-lived link the page downloads the zip through (the zip goes to the browser's
 * downloads, never through the worker or IndexedDB: it may be GBs). The state lands in Dexie.
 */
import { DATA_EXPORT_PATHS, type DataExportLink } from '../../contract/data-export';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullDataExport } from './pull/sessions';

export async function requestDataExport(ctx: SyncContext, member: Member): Promise<CallResult> {
  const result = await authed(ctx, member, DATA_EXPORT_PATHS.state, { method: 'POST' });
  // A 409 (one is on its way already) shows its state too.
  if (result.kind !== 'retryable') await pullDataExport(ctx, member);
  return toCallResult(result, () => undefined);
}

export async function dataExportLink(ctx: SyncContext, member: Member): Promise<CallResult<DataExportLink>> {
  const result = await authed<DataExportLink>(ctx, member, DATA_EXPORT_PATHS.link, { method: 'POST' });
  // 404: it expired or was replaced meanwhile; the screen redraws from the fresh state.
  if (result.kind === 'rejected') await pullDataExport(ctx, member);
  return toCallResult(result, (data) => data ?? { downloadPath: '', linkExpiresAt: '' });
}
