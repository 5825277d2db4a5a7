/**
 * pull({ kind: 'privacySettings' | 'notifySettings' }): the member's own settings
 * (header vault modal) into `privacySettings` / `notifySettings`, one row per feature.
 * Unsent changes are redrawn on top (target `settings:<userCode>`).
 */
import { notifySettings, privacySettings, SETTINGS_PATHS, type NotifySetting, type PrivacySetting } from '../../../contract/settings';
import { targets } from '../../../contract/targets';
import type { MemberDb } from '../../store/db';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';


/** Replace the whole table: the settings are only ever the signed-in member's. */
export async function writePrivacySettings(db: MemberDb, userCode: string, rows: PrivacySetting[]): Promise<void> {
  await writeMirror(db, [targets.settings(userCode)], async () => {
    await db.privacySettings.clear();
    await db.privacySettings.bulkPut(rows.map((row) => ({ ...row, userCode })));
  });
}

export async function writeNotifySettings(db: MemberDb, userCode: string, rows: NotifySetting[]): Promise<void> {
  await writeMirror(db, [targets.settings(userCode)], async () => {
    await db.notifySettings.clear();
    await db.notifySettings.bulkPut(rows.map((row) => ({ ...row, userCode })));
  });
}

export async function pullPrivacySettings(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db, session } = member;
  const key = 'privacySettings';
  const result = await authed(ctx, member, SETTINGS_PATHS.privacy);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = privacySettings.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await writePrivacySettings(db, session.id, parsed.data.userPrivacySettings);
  return pulled(db, key, result.status);
}

export async function pullNotifySettings(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db, session } = member;
  const key = 'notifySettings';
  const result = await authed(ctx, member, SETTINGS_PATHS.notify);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = notifySettings.safeParse(result.body.data);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await writeNotifySettings(db, session.id, parsed.data.notifySettings);
  return pulled(db, key, result.status);
}
