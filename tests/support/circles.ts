/**
 * Circles and slates for server tests: inserted directly (insertCircle, insertSlate: any
 * shape, fast) or made through the API (createCircleAs), and the settings a test needs
 * set directly (a circle's feature privacy, a member's profession and location).
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import { users } from '../../src/server/db/schema/accounts';
import { circleMembers, circles, slateFollowers, slates } from '../../src/server/db/schema/circles';
import { serverForSuite, type TestMember, type TestServer } from './server';
import { befriend } from './telex';

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

/** A valid circle form (spec §5 "Circle form"); override any field. */
export const circleFormOf = (overrides: Record<string, unknown> = {}) => ({
  groupName: 'Test Circle',
  groupCaption: 'A circle made by a test',
  groupDescription: 'What it is about.',
  groupType: 'P02',
  privacyCode: 1,
  ...overrides,
});

type Caller = { token: string };
type Server = { call: (method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number; body: { data?: unknown } }> };

/** Creates a circle through the API (POST user/group) as `owner`; answers its code. */
export async function createCircleAs(s: Server, owner: Caller, overrides: Record<string, unknown> = {}): Promise<string> {
  const r = await s.call('POST', 'user/group', { token: owner.token, body: circleFormOf(overrides) });
  if (r.status !== 201) throw new Error(`create circle: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.data as { groupCode: string }).groupCode;
}

/** Sets a circle's per-feature privacy directly (entries, members, requests). */
export async function setCircleFeatures(app: FastifyInstance, groupCode: string, f: { entries?: number; members?: number; requests?: number }): Promise<void> {
  await app.db
    .update(circles)
    .set({
      ...(f.entries === undefined ? {} : { entriesPrivacy: f.entries }),
      ...(f.members === undefined ? {} : { membersPrivacy: f.members }),
      ...(f.requests === undefined ? {} : { requestsPrivacy: f.requests }),
    })
    .where(eq(circles.groupCode, groupCode));
}

/** Sets a member's profession and location directly (suggestions rank by them). */
export async function setMemberTraits(app: FastifyInstance, userCode: string, t: { professionCode?: string; locationName?: string }): Promise<void> {
  await app.db.update(users).set(t).where(eq(users.userCode, userCode));
}

/** The circle and slate list suites' members: me, my billionetts f1 and f2, and a, b and c, who own what is suggested. */
export type ListCast = { s: TestServer; me: TestMember; f1: TestMember; f2: TestMember; a: TestMember; b: TestMember; c: TestMember };

/**
 * The circle and slate list suites' set-up: their server and six members, me befriended
 * with f1 and f2 (the billionetts inside or following that rank suggestions first).
 */
export function listSuite(databaseUrl: string | undefined, take: (cast: ListCast) => void): void {
  let cast: ListCast | undefined;
  serverForSuite({ databaseUrl }, 6, (s, m) => {
    cast = { s, me: m[0]!, f1: m[1]!, f2: m[2]!, a: m[3]!, b: m[4]!, c: m[5]! };
    take(cast);
  });
  beforeAll(async () => {
    await befriend(cast!.s.api, cast!.me, cast!.f1);
    await befriend(cast!.s.api, cast!.me, cast!.f2);
  });
}
