/** A circle's or slate's picture (groupProfilePic / pageProfilePic): an imageName of its owner's media, or null. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { circles, slates } from '../../db/schema/circles';
import type { OriginKind } from '../../policy/origins';

/** Sets (or clears, with null) the picture; answers the previous one, whose files the caller drops. */
export async function setOriginPicture(db: Db, kind: OriginKind, id: number, imageName: string | null): Promise<string | null> {
  const t = kind === 'circle' ? circles : slates;
  const [before] = await db.select({ profilePic: t.profilePic }).from(t).where(eq(t.id, id)).limit(1);
  await db.update(t).set({ profilePic: imageName }).where(eq(t.id, id));
  return before?.profilePic ?? null;
}
