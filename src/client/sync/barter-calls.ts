/**
 * Barter's online calls: a picture uploaded as it is picked, and the author's save (create or update,
 * with an Idempotency-Key made when the drawer opened, so a double tap or a retry after a
 * lost answer makes one listing) and remove. On success the listing is written into (or
 * taken out of) Dexie; the grid pulls its page again when the screen sees the write land.
 */
import { BARTER_PATHS, barterItem } from '../../contract/barter';
import { BARTER_GRID, BARTER_SEARCH, mergeServices, type ServiceSave } from '../store/barter-pages';
import { dropFromPages, pagesOf } from '../store/pages';
import { writeMirror } from '../store/mirror';
import { MEDIA_PATHS, mediaUpload, type MediaUpload } from '../../contract/media';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';

/**
 * One picture for a listing, uploaded as it is picked (POST user/post/media; the server
 * checks the bytes); `onProgress` gets 0..1 for the drawer's bar. The key makes a retry
 * after a lost answer store it once.
 */
export async function uploadServicePicture(
  ctx: SyncContext,
  member: Member,
  file: Blob,
  fileName: string,
  key: string,
  onProgress?: (fraction: number) => void,
): Promise<CallResult<MediaUpload>> {
  const form = new FormData();
  form.set('file', file, fileName);
  const result = await authed<unknown>(ctx, member, MEDIA_PATHS.upload, { method: 'POST', form, idempotencyKey: key, onProgress });
  const answer = toCallResult(result, (data) => mediaUpload.safeParse(data));
  if (!answer.ok) return answer;
  return answer.data.success ? { ...answer, data: answer.data.data } : { ok: false, status: answer.status, message: 'The server answered in an unexpected shape.' };
}

export async function saveService(ctx: SyncContext, member: Member, save: ServiceSave): Promise<CallResult<{ code: string }>> {
  const { db } = member;
  const path = save.code ? BARTER_PATHS.one(save.code) : BARTER_PATHS.post;
  const result = await authed(ctx, member, path, { method: save.code ? 'PUT' : 'POST', body: save.form, idempotencyKey: save.key });
  const answer = toCallResult(result, (data) => data);
  if (!answer.ok) return answer;
  const parsed = barterItem.safeParse(answer.data);
  if (!parsed.success) return { ok: false, status: answer.status, message: 'The server answered in an unexpected shape.' };
  await writeMirror(db, [], async () => {
    await mergeServices(db, [parsed.data]);
  });
  return { ...answer, data: { code: parsed.data.originalPost.serviceCode } };
}

export async function deleteService(ctx: SyncContext, member: Member, code: string, key: string): Promise<CallResult> {
  const { db, session } = member;
  const result = await authed(ctx, member, BARTER_PATHS.one(code), { method: 'DELETE', idempotencyKey: key });
  const answer = toCallResult(result, () => undefined);
  if (!answer.ok) return answer;
  await writeMirror(db, [], async () => {
    for (const kind of [BARTER_GRID, BARTER_SEARCH]) await dropFromPages(db, await pagesOf(db, kind, session.id), code);
    await db.services.delete(code);
  });
  return answer;
}
