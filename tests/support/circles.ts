/**
 * Circles and slates for server tests: no create route exists yet (they come from the
 * seed until the circles-and-slates screens arrive), so tests insert them directly.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/server/db/schema/accounts';
import { circleMembers, circles, slateFollowers, slates } from '../../src/server/db/schema/circles';

export type TestOrigin = { code: string; name: string };
type Options = { privacyCode: number; statusCode?: number; people?: string[] };

async function idsOf(app: FastifyInstance, userCodes: string[]): Promise<Map<string, number>> {
  if (userCodes.length === 0) return new Map();
  const rows = await app.db.select({ id: users.id, code: users.userCode }).from(users).where(inArray(users.userCode, userCodes));
  return new Map(rows.map((r) => [r.code, r.id]));
}

const common = (name: string, adminId: number, o: Options) => ({
  name,
  caption: `${name} caption`,
  description: `${name} description`,
  typeCode: 'P02',
  categoryCode: 'C02',
  categoryName: 'Technology',
  privacyCode: o.privacyCode,
  statusCode: o.statusCode ?? 9,
  adminId,
});

/** A circle owned by `admin` (a member too) with `people` as further members. */
export async function insertCircle(app: FastifyInstance, admin: string, name: string, o: Options): Promise<TestOrigin> {
  const ids = await idsOf(app, [admin, ...(o.people ?? [])]);
  const code = `GT${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await app.db.insert(circles).values({ groupCode: code, ...common(name, ids.get(admin)!, o) }).returning({ id: circles.id });
  await app.db.insert(circleMembers).values([admin, ...(o.people ?? [])].map((u) => ({ circleId: row!.id, userId: ids.get(u)! })));
  return { code, name };
}

/** A slate administered by `admin` with `people` as followers. */
export async function insertSlate(app: FastifyInstance, admin: string, name: string, o: Options): Promise<TestOrigin> {
  const ids = await idsOf(app, [admin, ...(o.people ?? [])]);
  const code = `ST${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await app.db.insert(slates).values({ pageCode: code, ...common(name, ids.get(admin)!, o) }).returning({ id: slates.id });
  if (o.people?.length) await app.db.insert(slateFollowers).values(o.people.map((u) => ({ slateId: row!.id, userId: ids.get(u)! })));
  return { code, name };
}

/** The seeded circle's or slate's code by its name (seed/data/circles.ts). */
export async function seededCode(app: FastifyInstance, kind: 'circle' | 'slate', name: string): Promise<string> {
  if (kind === 'circle') {
    const [row] = await app.db.select({ code: circles.groupCode }).from(circles).where(eq(circles.name, name)).limit(1);
    return row!.code;
  }
  const [row] = await app.db.select({ code: slates.pageCode }).from(slates).where(eq(slates.name, name)).limit(1);
  return row!.code;
}
