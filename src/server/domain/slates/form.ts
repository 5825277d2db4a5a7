/**
 * Creating, updating and removing a slate (contract/circle-admin.ts slateForm and its
 * decisions): the category follows the type; the admin is not a follower of their own
 * slate; a new slate is active unless the form says otherwise.
 */
import { eq } from 'drizzle-orm';
import { categoryOf, type SlateForm } from '../../../contract/circle-admin';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { slates } from '../../db/schema/circles';
import { newOriginCode } from '../circles/codes';

const columnsOf = (form: SlateForm) => {
  const category = categoryOf(form.pageType);
  return {
    name: form.pageName,
    caption: form.pageCaption,
    description: form.pageDescription,
    typeCode: form.pageType,
    categoryCode: category.code,
    categoryName: category.name,
    privacyCode: form.privacyCode,
  };
};

async function unusedCode(db: Db): Promise<string> {
  for (;;) {
    const code = newOriginCode('S');
    const [taken] = await db.select({ id: slates.id }).from(slates).where(eq(slates.pageCode, code)).limit(1);
    if (!taken) return code;
  }
}

export async function createSlate(db: Db, adminId: number, form: SlateForm): Promise<number> {
  const pageCode = await unusedCode(db);
  const [row] = await db
    .insert(slates)
    .values({ pageCode, adminId, statusCode: form.statusCode ?? STATUS_ACTIVE, ...columnsOf(form) })
    .returning({ id: slates.id });
  return row!.id;
}

export async function updateSlate(db: Db, slateId: number, form: SlateForm): Promise<void> {
  await db
    .update(slates)
    .set({ ...columnsOf(form), ...(form.statusCode === undefined ? {} : { statusCode: form.statusCode }) })
    .where(eq(slates.id, slateId));
}

/** Removes the slate (followers, asks, entries go with it); answers its picture, if any, to drop. */
export async function deleteSlate(db: Db, slateId: number): Promise<string | null> {
  const [gone] = await db.delete(slates).where(eq(slates.id, slateId)).returning({ profilePic: slates.profilePic });
  return gone?.profilePic ?? null;
}
