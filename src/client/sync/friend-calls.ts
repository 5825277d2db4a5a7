/**
 * The billionetts' online-only calls (api.ts): send a reference, "Request again"
 * (notify) and remove a reference. They touch the admin's activation process, so
 * they are not queued: offline they answer 'You are offline. …' and change nothing.
 * On success the member's reference pages are pulled again (spec §4: the list
 * reloads after success), so the screen sees the change through Dexie.
 */
import { FRIEND_PATHS, type ReferenceRequest } from '../../contract/friends';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullReferences } from './pull/references';

const none = () => undefined;

/** Re-pull the reference pages the device holds (at least page 1). */
async function reloadReferences(ctx: SyncContext, member: Member): Promise<void> {
  const me = member.session.id;
  const pages = await member.db.listPages.where('[kind+owner]').equals(['references', me]).toArray();
  const numbers = new Set([1, ...pages.map((p) => p.pageNo)]);
  for (const pageNo of [...numbers].sort((a, b) => a - b)) {
    const result = await pullReferences(ctx, member, pageNo);
    if (!result.ok) return;
  }
}

export async function sendReference(ctx: SyncContext, member: Member, input: ReferenceRequest): Promise<CallResult> {
  const body = { ...input, userCode: member.session.id, activationCode: '' };
  const answer = toCallResult(await authed(ctx, member, FRIEND_PATHS.referenceSend, { method: 'POST', body }), none);
  if (answer.ok) await reloadReferences(ctx, member);
  return answer;
}

export async function notifyReference(ctx: SyncContext, member: Member, refCode: string): Promise<CallResult> {
  const answer = toCallResult(await authed(ctx, member, FRIEND_PATHS.referenceNotify(refCode), { method: 'PUT' }), none);
  if (answer.ok) await reloadReferences(ctx, member);
  return answer;
}

export async function deleteReference(ctx: SyncContext, member: Member, refCode: string): Promise<CallResult> {
  const answer = toCallResult(await authed(ctx, member, FRIEND_PATHS.referenceDelete(refCode), { method: 'DELETE' }), none);
  if (answer.ok) {
    await member.db.references.delete(refCode);
    await reloadReferences(ctx, member);
  }
  return answer;
}
