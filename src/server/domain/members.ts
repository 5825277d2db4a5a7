/**
 * Members as other areas meet them: by code, for a read about someone or a write on
 * someone's things. Shared by every area (and the policy), so it lives outside routes/.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ConnectionCard } from '../../contract/friends';
import type { Gender } from '../../contract/user';
import { perDatabase, type Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { professions } from '../db/schema/masters';
import { planFeatures, plans } from '../db/schema/plans';

export type MemberRef = { id: number; userCode: string; planCode: string; privacyCode: number; createdAt: Date };

/**
 * Built once a database (every read about another member starts here): building a drizzle
 * query costs more than PostgreSQL takes to answer it, and a named statement is parsed and
 * planned once a connection, not at every read.
 */
const memberByCode = perDatabase((db) =>
  db
    .select({ id: users.id, userCode: users.userCode, planCode: users.planCode, privacyCode: users.privacyCode, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.userCode, sql.placeholder('code')))
    .limit(1)
    .prepare('member_by_code'),
);

export async function findMember(db: Db, userCode: string): Promise<MemberRef | null> {
  const [row] = await memberByCode(db).execute({ code: userCode });
  return row ?? null;
}

export async function professionExists(db: Db, professionCode: string): Promise<boolean> {
  const [row] = await db.select({ code: professions.professionCode }).from(professions).where(eq(professions.professionCode, professionCode)).limit(1);
  return Boolean(row);
}

/** Whether the member's plan includes a feature ('group': owning circles, 'page': owning slates), as user/menu shows it. */
export async function planIncludes(db: Db, memberId: number, featureCode: 'group' | 'page'): Promise<boolean> {
  const [row] = await db
    .select({ value: planFeatures.featureValue })
    .from(users)
    .innerJoin(planFeatures, and(eq(planFeatures.planCode, users.planCode), eq(planFeatures.featureCode, featureCode)))
    .where(eq(users.id, memberId))
    .limit(1);
  return row?.value === 'Yes';
}

/** A member as a card (name, plan frame, profession, picture): the columns, over users ⋈ plans ⟕ professions. */
export const cardColumns = {
  userCode: users.userCode,
  displayName: users.displayName,
  planName: plans.planName,
  professionName: professions.professionName,
  profileDp: users.profileDp,
  gender: users.gender,
};

type CardRow = { userCode: string; displayName: string; planName: string; professionName: string | null; profileDp: string | null; gender: string };
export const toCard = (row: CardRow): ConnectionCard => ({
  userCode: row.userCode,
  displayName: row.displayName,
  planName: row.planName,
  professionName: row.professionName ?? '',
  profileDp: row.profileDp,
  gender: row.gender as Gender,
});

