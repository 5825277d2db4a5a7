/**
 * The online-only calls of circles and slates (issue 11: "create/update/delete … may be
 * online-only; offline they say so and change nothing"): save (create or update) and
 * remove one, and the owner's per-feature privacy and its reset. A save carries an
 * Idempotency-Key made when the form opened, so a double tap or a retry after a lost
 * answer creates one circle. On success what they changed is written or pulled into
 * Dexie (details, the member's own list, the settings), so the screens see it there.
 */
import {
  circleDetails,
  CIRCLE_PATHS,
  SLATE_PATHS,
  slateDetails,
  type CircleDetails,
  type SlateDetails,
} from '../../contract/circles';
import { originPrivacySettings, type OriginPrivacyUpdate } from '../../contract/circle-admin';
import { ACCESS_OK } from '../../contract/codes';
import { ORIGIN_LISTS, originListKind, originPrivacyKey, type OriginKind, type OriginSave } from '../store/origin-lists';
import { addCodeFirst, removeCode } from '../store/pages';
import { writeMirror } from '../store/mirror';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullOriginList } from './pull/origin-lists';
import { pullShell } from './pull/shell';


const pathsOf = (kind: OriginKind) => (kind === 'circle' ? { one: CIRCLE_PATHS.circle, ...CIRCLE_PATHS } : { one: SLATE_PATHS.slate, ...SLATE_PATHS });

/** Create (no code) or update one circle or slate of the member; answers its code. */
export async function saveOrigin(ctx: SyncContext, member: Member, save: OriginSave): Promise<CallResult<{ code: string }>> {
  const { db, session } = member;
  const paths = pathsOf(save.kind);
  const path = save.code ? paths.one(save.code) : paths.create;
  const result = await authed(ctx, member, path, { method: save.code ? 'PUT' : 'POST', body: save.form, idempotencyKey: save.key });
  const answer = toCallResult(result, (data) => data);
  if (!answer.ok) return answer;
  if (save.kind === 'circle') {
    const parsed = circleDetails.safeParse(answer.data);
    if (!parsed.success) return { ok: false, status: answer.status, message: 'The server answered in an unexpected shape.' };
    const details: CircleDetails = parsed.data;
    await writeMirror(db, [], async () => {
      await db.circles.put({ ...details, detailedAt: Date.now() });
      await addCodeFirst(db, originListKind('circle', 'own'), session.id, details.groupCode);
    });
    await pullOriginList(ctx, member, { kind: 'originList', origin: 'circle', list: 'own', userCode: session.id, pageNo: 1 });
    // The side menu lists the member's circles (user/menu).
    await pullShell(ctx, member);
    return { ...answer, data: { code: details.groupCode } };
  }
  const parsed = slateDetails.safeParse(answer.data);
  if (!parsed.success) return { ok: false, status: answer.status, message: 'The server answered in an unexpected shape.' };
  const details: SlateDetails = parsed.data;
  await writeMirror(db, [], async () => {
    await db.slates.put({ ...details, detailedAt: Date.now() });
    await addCodeFirst(db, originListKind('slate', 'own'), session.id, details.pageCode);
  });
  await pullOriginList(ctx, member, { kind: 'originList', origin: 'slate', list: 'own', userCode: session.id, pageNo: 1 });
  await pullShell(ctx, member);
  return { ...answer, data: { code: details.pageCode } };
}

/** Remove one of the member's circles or slates; it leaves every list on this device. */
export async function deleteOrigin(ctx: SyncContext, member: Member, kind: OriginKind, code: string): Promise<CallResult> {
  const { db, session } = member;
  const result = await authed(ctx, member, pathsOf(kind).one(code), { method: 'DELETE' });
  const answer = toCallResult(result, () => undefined);
  if (!answer.ok) return answer;
  await writeMirror(db, [], async () => {
    for (const list of ORIGIN_LISTS[kind]) await removeCode(db, originListKind(kind, list), session.id, code);
    if (kind === 'circle') await db.circles.delete(code);
    else await db.slates.delete(code);
  });
  await pullShell(ctx, member);
  return answer;
}

/** Change one feature's privacy (`update`), or every one back to 1 (`update` null). */
export async function saveOriginPrivacy(
  ctx: SyncContext,
  member: Member,
  kind: OriginKind,
  code: string,
  update: OriginPrivacyUpdate | null,
): Promise<CallResult> {
  const paths = pathsOf(kind);
  const result = update
    ? await authed(ctx, member, paths.privacy(code), { method: 'PUT', body: update })
    : await authed(ctx, member, paths.privacyReset(code), { method: 'PUT' });
  const answer = toCallResult(result, (data) => data);
  if (!answer.ok) return answer;
  const parsed = originPrivacySettings.safeParse(answer.data);
  if (parsed.success) {
    const rows = parsed.data;
    await writeMirror(member.db, [], async () => {
      await member.db.reports.put({ key: originPrivacyKey(kind, code), rows, totalRecords: rows.length, accessCode: ACCESS_OK, syncedAt: Date.now() });
    });
  }
  return { ...answer, data: undefined };
}
