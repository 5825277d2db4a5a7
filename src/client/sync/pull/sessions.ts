/**
 * The account's own reads (issue 29), each replacing what Dexie held:
 * pull({ kind: 'sessions' }): 'Where you're signed in' into `deviceSessions`;
 * pull({ kind: 'secondFactor' }): whether two-step sign-in is on, into `accountState`;
 * pull({ kind: 'passkeys' }): the member's passkeys into `passkeys`;
 * pull({ kind: 'deletion' }): 'Delete my account' — due when, and what goes — into `accountState`;
 * pull({ kind: 'dataExport' }): the member's data export (state, dates) into `accountState`.
 */
import type { z } from 'zod';
import { SECOND_FACTOR_PATHS, secondFactorState } from '../../../contract/second-factor';
import { deviceSessions, SESSION_PATHS } from '../../../contract/sessions';
import { PASSKEY_PATHS, passkeyList } from '../../../contract/passkeys';
import { DELETION_PATHS, deletionState } from '../../../contract/account-deletion';
import { DATA_EXPORT_PATHS, dataExportState } from '../../../contract/data-export';
import type { DataExportStateRow, MemberDb } from '../../store/db';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

/** GET `path`, checked by `schema`, stored by `store`; the pull's outcome kept under `key`. */
async function pullAccount<T>(ctx: SyncContext, member: Member, key: string, path: string, schema: z.ZodType<T>, store: (db: MemberDb, data: T) => Promise<unknown>): Promise<PullResult> {
  const { db } = member;
  const result = await authed(ctx, member, path);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = schema.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await store(db, parsed.data);
  return pulled(db, key, result.status);
}

export const pullSessions = (ctx: SyncContext, member: Member) =>
  pullAccount(ctx, member, 'sessions', SESSION_PATHS.list, deviceSessions, (db, data) =>
    db.transaction('rw', db.deviceSessions, async () => {
      await db.deviceSessions.clear();
      await db.deviceSessions.bulkPut(data.sessions);
    }),
  );

export const pullSecondFactor = (ctx: SyncContext, member: Member) =>
  pullAccount(ctx, member, 'secondFactor', SECOND_FACTOR_PATHS.state, secondFactorState, (db, data) => db.accountState.put({ key: 'secondFactor', ...data }));

export const pullPasskeys = (ctx: SyncContext, member: Member) =>
  pullAccount(ctx, member, 'passkeys', PASSKEY_PATHS.list, passkeyList, (db, data) =>
    db.transaction('rw', db.passkeys, async () => {
      await db.passkeys.clear();
      await db.passkeys.bulkPut(data.passkeys);
    }),
  );

export const pullDeletion = (ctx: SyncContext, member: Member) =>
  pullAccount(ctx, member, 'deletion', DELETION_PATHS.state, deletionState, (db, data) => db.accountState.put({ key: 'deletion', ...data }));

export const pullDataExport = (ctx: SyncContext, member: Member) =>
  pullAccount(ctx, member, 'dataExport', DATA_EXPORT_PATHS.state, dataExportState, (db, data) => {
    const row: DataExportStateRow = { key: 'dataExport', export: data.export };
    return db.accountState.put(row);
  });
