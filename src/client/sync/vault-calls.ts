/**
 * The vault's online-only calls (api.ts): work and education create/update/delete,
 * the typeahead lookups, and the settings reset. Lookups answer a CallResult (they
 * are suggestions, not rows worth mirroring); the writes re-pull the member's list
 * on success (spec §2.8: "after add, update or delete the lists reload"), so the
 * screens see the change through Dexie like any other.
 */
import { SETTINGS_PATHS, notifySettings, privacySettings } from '../../contract/settings';
import {
  educationItem,
  LOOKUP_PATHS,
  lookupItem,
  VAULT_PATHS,
  workItem,
  type EducationInput,
  type EducationItem,
  type LookupItem,
  type LookupKind,
  type WorkInput,
  type WorkItem,
} from '../../contract/vault';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { writeNotifySettings, writePrivacySettings } from './pull/settings';
import { pullEducations, pullWorks } from './pull/vault';

const none = () => undefined;

export async function lookup(ctx: SyncContext, member: Member, kind: LookupKind, text: string): Promise<CallResult<LookupItem[]>> {
  const typed = text.trim();
  if (!typed) return { ok: true, status: 200, message: 'ok', data: [] };
  const result = await authed<unknown>(ctx, member, LOOKUP_PATHS[kind](typed));
  return toCallResult(result, (data) => {
    const parsed = lookupItem.array().safeParse(data ?? []);
    return parsed.success ? parsed.data : [];
  });
}

export async function saveWork(
  ctx: SyncContext,
  member: Member,
  input: WorkInput & { userWorkCode?: string },
): Promise<CallResult<WorkItem>> {
  const me = member.session.id;
  const path = input.userWorkCode ? VAULT_PATHS.updateWork(me) : VAULT_PATHS.createWork(me);
  const result = await authed<unknown>(ctx, member, path, { method: input.userWorkCode ? 'PUT' : 'POST', body: input });
  const answer = toCallResult(result, (data) => workItem.parse(data));
  if (answer.ok) await pullWorks(ctx, member, me);
  return answer;
}

export async function saveEducation(
  ctx: SyncContext,
  member: Member,
  input: EducationInput & { userEduCode?: string },
): Promise<CallResult<EducationItem>> {
  const me = member.session.id;
  const path = input.userEduCode ? VAULT_PATHS.updateEducation(me) : VAULT_PATHS.createEducation(me);
  const result = await authed<unknown>(ctx, member, path, { method: input.userEduCode ? 'PUT' : 'POST', body: input });
  const answer = toCallResult(result, (data) => educationItem.parse(data));
  if (answer.ok) await pullEducations(ctx, member, me);
  return answer;
}

export async function deleteWork(ctx: SyncContext, member: Member, workCode: string): Promise<CallResult> {
  const result = await authed(ctx, member, VAULT_PATHS.deleteWork(workCode), { method: 'DELETE' });
  const answer = toCallResult(result, none);
  // spec §4: "deleting removes the item locally after success" — the reload does that and more.
  if (answer.ok) {
    await member.db.works.delete(workCode);
    await pullWorks(ctx, member, member.session.id);
  }
  return answer;
}

export async function deleteEducation(ctx: SyncContext, member: Member, educationCode: string): Promise<CallResult> {
  const result = await authed(ctx, member, VAULT_PATHS.deleteEducation(educationCode), { method: 'DELETE' });
  const answer = toCallResult(result, none);
  if (answer.ok) {
    await member.db.educations.delete(educationCode);
    await pullEducations(ctx, member, member.session.id);
  }
  return answer;
}

/** Reset answers the whole list (contract/settings.ts): mirrored at once, no second call. */
export async function resetSettings(ctx: SyncContext, member: Member, which: 'privacy' | 'notify'): Promise<CallResult> {
  const path = which === 'privacy' ? SETTINGS_PATHS.resetPrivacy : SETTINGS_PATHS.resetNotify;
  const result = await authed<unknown>(ctx, member, path, { method: 'PUT' });
  if (result.kind === 'ok') {
    const me = member.session.id;
    if (which === 'privacy') {
      const parsed = privacySettings.safeParse(result.body.data);
      if (parsed.success) await writePrivacySettings(member.db, me, parsed.data.userPrivacySettings);
    } else {
      const parsed = notifySettings.safeParse(result.body.data);
      if (parsed.success) await writeNotifySettings(member.db, me, parsed.data.notifySettings);
    }
  }
  return toCallResult(result, none);
}
