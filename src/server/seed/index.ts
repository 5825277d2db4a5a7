/**
 * The seed runner: fills an EMPTY database (no users) with the deterministic demo
 * community, in one transaction, one module per area. A database that already has members
 * is never touched. Who asks for it is the start's business (scripts/start.ts): the
 * embedded first run or an explicit DEMO_COMMUNITY=1, never a production start.
 */
import { and, asc, count, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MediaFiles } from '../domain/media-files';
import { DEMO_LOGINS } from './demo-logins';
import { activationCodes, users } from '../db/schema/accounts';
import { seedAccounts, seedActivationCodes } from './accounts';
import { seedBarter } from './barter';
import { seedCircles } from './circles';
import { seedEntries } from './entries';
import { seedFriendships } from './friendships';
import { seedNews } from './news';
import { seedDemoTelex } from './telex';
import { seedWorkEducation } from './work-education';

export type SeedReport = { seeded: boolean; members: number; ms: number };

/**
 * `mediaFiles` (domain/media-files.ts) receives the pictures of the seeded galleries; without
 * it the seed has none. `password` is every demo member's (seed/demo-logins.ts resolveDemoPassword).
 */
export async function seedIfEmpty(db: Db, mediaFiles: MediaFiles | undefined, password: string): Promise<SeedReport> {
  const started = Date.now();
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { seeded: false, members: row?.n ?? 0, ms: 0 };
  // Imported lazily: the generator (and faker) is only needed the first time.
  const { generateCommunity } = await import('./community');
  const community = generateCommunity();
  await db.transaction(async (tx) => {
    await seedAccounts(tx as unknown as Db, community.members, password);
    await seedActivationCodes(tx as unknown as Db);
    await seedNews(tx as unknown as Db, community.news);
    await seedWorkEducation(tx as unknown as Db, community.members);
    await seedFriendships(tx as unknown as Db, community.members);
    await seedDemoTelex(tx as unknown as Db, community.members);
    await seedEntries(tx as unknown as Db, community.members);
    await seedCircles(tx as unknown as Db, community.members, mediaFiles);
    await seedBarter(tx as unknown as Db, community.members);
  });
  // Fresh statistics for the planner (PGlite has no autovacuum; PostgreSQL's comes later).
  await db.execute(sql`analyze`);
  return { seeded: true, members: community.members.length, ms: Date.now() - started };
}

/** Unused activation codes, oldest first (the start script prints two). */
export async function unusedActivationCodes(db: Db, limit: number): Promise<{ code: string; planCode: string }[]> {
  return db
    .select({ code: activationCodes.code, planCode: activationCodes.planCode })
    .from(activationCodes)
    .where(and(isNull(activationCodes.usedAt)))
    .orderBy(asc(activationCodes.createdAt), asc(activationCodes.code))
    .limit(limit);
}

/** The demo logins present in this database (none when the demo community was not seeded). */
export async function seededDemoLogins(db: Db): Promise<string[]> {
  const emails = DEMO_LOGINS.map((login) => login.email);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return emails.filter((email) => rows.some((row) => row.email === email));
}
