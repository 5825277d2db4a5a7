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
import type { PictureTarget } from '../store/origin-lists';
import { pullCircle, pullSlate } from './pull/circles';
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

/** A circle's or slate's picture goes onto its row at once; then its details are pulled again. */
async function setOriginPic(ctx: SyncContext, member: Member, target: PictureTarget, pic: string | null): Promise<void> {
  const { db } = member;
  await writeMirror(db, [], async () => {
    if (target.kind === 'circle') await db.circles.update(target.code, { groupProfilePic: pic });
    else await db.slates.update(target.code, { pageProfilePic: pic });
  });
  if (target.kind === 'circle') await pullCircle(ctx, member, target.code);
  else await pullSlate(ctx, member, target.code);
}

/** Crop the temp picture into the member's own picture, or (`target`) their circle's or slate's. */
export async function cropPicture(
  ctx: SyncContext,
  member: Member,
  crop: Omit<CropFields, 'userCode' | 'dpType' | 'dpValue'>,
  target?: PictureTarget,
): Promise<CallResult<{ imageName: string }>> {
  const form = new FormData();
  form.set('userCode', member.session.id);
  for (const field of ['x', 'y', 'w', 'h'] as const) form.set(field, String(Math.max(0, Math.round(crop[field]))));
  form.set('imageName', crop.imageName);
  if (target) {
    form.set('dpType', target.kind === 'circle' ? 'group' : 'page');
    form.set('dpValue', target.code);
  }
  const result = await authed<unknown>(ctx, member, PICTURE_PATHS.crop, { method: 'POST', form });
  const answer = toCallResult(result, imageNameOf);
  if (answer.ok) {
    if (target) await setOriginPic(ctx, member, target, answer.data.imageName);
    else await setProfileDp(ctx, member, answer.data.imageName);
  }
  return answer;
}

/** Back to the default picture: the member's own, or (`target`) their circle's or slate's. */
export async function removePicture(ctx: SyncContext, member: Member, target?: PictureTarget): Promise<CallResult> {
  const body = target ? { dpType: target.kind === 'circle' ? 'group-dp' : 'page-dp', dpValue: target.code } : undefined;
  const result = await authed(ctx, member, PICTURE_PATHS.removeDp(member.session.id), { method: 'POST', ...(body ? { body } : {}) });
  const answer = toCallResult(result, () => undefined);
  if (answer.ok) {
    if (target) await setOriginPic(ctx, member, target, null);
    else await setProfileDp(ctx, member, null);
  }
  return answer;
}
