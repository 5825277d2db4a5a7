/**
 * Members as other areas meet them: by code, for a read about someone or a write on
 * someone's things. Shared by every area (and the policy), so it lives outside routes/.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { professions } from '../db/schema/masters';

export type MemberRef = { id: number; userCode: string; planCode: string; privacyCode: number; createdAt: Date };

export async function findMember(db: Db, userCode: string): Promise<MemberRef | null> {
  const [row] = await db
    .select({ id: users.id, userCode: users.userCode, planCode: users.planCode, privacyCode: users.privacyCode, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.userCode, userCode))
    .limit(1);
  return row ?? null;
}

export async function professionExists(db: Db, professionCode: string): Promise<boolean> {
  const [row] = await db.select({ code: professions.professionCode }).from(professions).where(eq(professions.professionCode, professionCode)).limit(1);
  return Boolean(row);
}
