/**
 * Creating, updating and removing a circle (contract/circle-admin.ts circleForm and its
 * decisions): the category follows the type (categoryOf; a category sent in the form is
 * ignored), the owner is also a member row, and a new circle is active unless the form
 * says otherwise.
 */
import { eq } from 'drizzle-orm';
import { categoryOf, type CircleForm } from '../../../contract/circle-admin';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { Db } from '../../db/client';
import { circleMembers, circles } from '../../db/schema/circles';
import { newOriginCode } from './codes';

const columnsOf = (form: CircleForm) => {
  const category = categoryOf(form.groupType);
  return {
    name: form.groupName,
    caption: form.groupCaption,
    description: form.groupDescription,
    typeCode: form.groupType,
    categoryCode: category.code,
    categoryName: category.name,
    privacyCode: form.privacyCode,
  };
};

async function unusedCode(db: Db): Promise<string> {
  for (;;) {
    const code = newOriginCode('G');
    const [taken] = await db.select({ id: circles.id }).from(circles).where(eq(circles.groupCode, code)).limit(1);
    if (!taken) return code;
  }
}

/** A new circle of `adminId` (its first member); answers its id. */
export async function createCircle(db: Db, adminId: number, form: CircleForm): Promise<number> {
  const groupCode = await unusedCode(db);
  const [row] = await db
    .insert(circles)
    .values({ groupCode, adminId, statusCode: form.statusCode ?? STATUS_ACTIVE, ...columnsOf(form) })
    .returning({ id: circles.id });
  await db.insert(circleMembers).values({ circleId: row!.id, userId: adminId });
  return row!.id;
}

/** The form's fields; the status only when the form carries one. */
export async function updateCircle(db: Db, circleId: number, form: CircleForm): Promise<void> {
  await db
    .update(circles)
    .set({ ...columnsOf(form), ...(form.statusCode === undefined ? {} : { statusCode: form.statusCode }) })
    .where(eq(circles.id, circleId));
}

/** Removes the circle (members, asks, entries go with it); answers its picture, if any, to drop. */
export async function deleteCircle(db: Db, circleId: number): Promise<string | null> {
  const [gone] = await db.delete(circles).where(eq(circles.id, circleId)).returning({ profilePic: circles.profilePic });
  return gone?.profilePic ?? null;
}
