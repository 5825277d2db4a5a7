/**
 * The profile picture's online-only calls (spec §2.13, contract/pictures.ts): upload a
 * temp file (multipart, with upload progress — see http.ts), crop it into the public
 * variants, or remove it. A new or removed picture is written into the member's
 * profile and personal rows at once, so every avatar (the header's too) re-renders
 * from Dexie; the profile is then re-pulled for the server's canonical row.
 */
import { imageAnswer, PICTURE_PATHS, type CropFields } from '../../contract/pictures';
import { targets } from '../../contract/targets';
import { writeMirror } from '../store/mirror';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullProfile } from './pull/profile';

const imageNameOf = (data: unknown) => imageAnswer.parse(data);

export async function uploadTempPicture(
  ctx: SyncContext,
  member: Member,
  file: Blob,
  fileName: string,
  onProgress?: (fraction: number) => void,
): Promise<CallResult<{ imageName: string }>> {
  const me = member.session.id;
  const form = new FormData();
  form.set('userCode', me);
  form.set('imageType', 'temp');
  form.set('uploadImage', file, fileName);
  const result = await authed<unknown>(ctx, member, PICTURE_PATHS.uploadTemp(me), { method: 'POST', form, onProgress });
  return toCallResult(result, imageNameOf);
}

async function setProfileDp(ctx: SyncContext, member: Member, profileDp: string | null): Promise<void> {
  const { db, session } = member;
  await writeMirror(db, [targets.profile(session.id)], async () => {
    await db.profiles.update(session.id, { profileDp });
    await db.personal.update(session.id, { profileDp });
  });
  await pullProfile(ctx, member, session.id);
}

export async function cropPicture(
  ctx: SyncContext,
  member: Member,
  crop: Omit<CropFields, 'userCode'>,
): Promise<CallResult<{ imageName: string }>> {
  const form = new FormData();
  form.set('userCode', member.session.id);
  for (const field of ['x', 'y', 'w', 'h'] as const) form.set(field, String(Math.max(0, Math.round(crop[field]))));
  form.set('imageName', crop.imageName);
  const result = await authed<unknown>(ctx, member, PICTURE_PATHS.crop, { method: 'POST', form });
  const answer = toCallResult(result, imageNameOf);
  if (answer.ok) await setProfileDp(ctx, member, answer.data.imageName);
  return answer;
}

export async function removePicture(ctx: SyncContext, member: Member): Promise<CallResult> {
  const result = await authed(ctx, member, PICTURE_PATHS.removeDp(member.session.id), { method: 'POST' });
  const answer = toCallResult(result, () => undefined);
  if (answer.ok) await setProfileDp(ctx, member, null);
  return answer;
}
