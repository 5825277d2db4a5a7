/**
 * The demo community's circles and slates: 32 circles and 20 slates with members and
 * followers, deterministic (a seeded PRNG over the member order, no faker). All active
 * (statusCode 9) but the last two circles and the last slate. Admins are members whose
 * plan has the feature (circles: ruby or sapphire; slates: sapphire), preferably of the
 * profession the circle is for; members lean toward that profession too.
 *
 * The demo logins are placed by hand so every screen and rule has a case (DEMO_CIRCLES):
 * Amara owns two circles and one slate, belongs to a private circle (Only me) and another
 * circle, follows another slate; Jonas owns a circle, is a member of Amara's first circle,
 * follows Amara's slate, and is NOT in the private circle (a 404 for him). Random
 * membership never adds the demo logins anywhere else, so these facts hold exactly.
 */
import { inArray } from 'drizzle-orm';
import { STATUS_ACTIVE } from '../../contract/codes';
import type { Db } from '../db/client';
import type { MediaFiles } from '../domain/media-files';
import { users } from '../db/schema/accounts';
import { circleMembers, circles, slateFollowers, slates } from '../db/schema/circles';
import type { SeedMember } from './community';
import { categoryOf, circleDefs, slateDefs } from './data/circles';
import { prng } from './entries';
import { seedCircleEntries } from './circle-entries';
import type { SeedCircles, SeedOrigin } from './circle-origins';

const AMARA = 0;
const JONAS = 1;
const DAY_MS = 86_400_000;
const INACTIVE = 1;
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Indexes into circleDefs / slateDefs with a fixed role for the demo logins. */
export const DEMO_CIRCLES = {
  /** Owned by Jonas, Everyone. */
  jonasOwn: 0,
  /** Owned by Amara, Everyone; Jonas is a member. */
  amaraOwn: 1,
  /** Only me (private): Amara is a member, Jonas is not. */
  privateCircle: 2,
  /** Billionetts: Amara is a member. */
  amaraMember: 3,
  /** Owned by Amara, Billionetts. */
  amaraSecond: 5,
} as const;
export const DEMO_SLATES = {
  /** Owned by Amara, Everyone; Jonas follows it. */
  amaraOwn: 0,
  /** Everyone; Amara follows it. */
  amaraFollows: 1,
  /** Only me (unpublished): its admin alone reads it. */
  unpublished: 4,
} as const;

export function generateCircles(members: SeedMember[], seed = 20261121): SeedCircles {
  const rand = prng(seed ^ 0x5eed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const codes = new Set<string>();
  const code = (prefix: string) => {
    for (;;) {
      const c = `${prefix}${Array.from({ length: 9 }, () => BASE32[Math.floor(rand() * 32)]).join('')}`;
      if (!codes.has(c)) {
        codes.add(c);
        return c;
      }
    }
  };
  const others = members.map((_, i) => i).filter((i) => i !== AMARA && i !== JONAS);
  const withPlan = (plans: string[]) => others.filter((i) => plans.includes(members[i]!.planCode));
  const adminFor = (pool: number[], professionCode: string) => {
    const same = pool.filter((i) => members[i]!.professionCode === professionCode);
    return pick(same.length > 0 && rand() < 0.7 ? same : pool);
  };
  /** `n` distinct people from `pool`, half of them of the profession when there are any. */
  const crowd = (pool: number[], professionCode: string, n: number, not: Set<number>) => {
    const same = pool.filter((i) => members[i]!.professionCode === professionCode);
    const chosen = new Set<number>();
    for (let guard = 0; chosen.size < n && guard < n * 20; guard += 1) {
      const i = same.length > 0 && rand() < 0.5 ? pick(same) : pick(pool);
      if (!not.has(i)) chosen.add(i);
    }
    return [...chosen];
  };
  const privacyFor = (k: number) => (k % 11 === 6 ? 3 : k % 7 === 4 ? 2 : 1);

  const circleAdmins = withPlan(['ruby', 'sapphire']);
  const circleList: SeedOrigin[] = circleDefs.map((def, k) => {
    const admin = k === DEMO_CIRCLES.jonasOwn ? JONAS : k === DEMO_CIRCLES.amaraOwn || k === DEMO_CIRCLES.amaraSecond ? AMARA : adminFor(circleAdmins, def[2]);
    const people = [admin, ...crowd(circleAdmins, def[2], int(4, 30), new Set([admin]))];
    if (k === DEMO_CIRCLES.amaraOwn) people.push(JONAS);
    if (k === DEMO_CIRCLES.privateCircle || k === DEMO_CIRCLES.amaraMember) people.push(AMARA);
    const privacyCode =
      k === DEMO_CIRCLES.privateCircle ? 3 : k === DEMO_CIRCLES.amaraMember || k === DEMO_CIRCLES.amaraSecond ? 2 : k < 6 ? 1 : privacyFor(k);
    const statusCode = k >= circleDefs.length - 2 ? INACTIVE : STATUS_ACTIVE;
    return { code: code('G'), def, admin, privacyCode, statusCode, people, daysAgo: int(90, 720) };
  });

  const slateAdmins = withPlan(['sapphire']);
  const slateList: SeedOrigin[] = slateDefs.map((def, k) => {
    const admin = k === DEMO_SLATES.amaraOwn ? AMARA : adminFor(slateAdmins, def[2]);
    const people = crowd(others, def[2], int(3, 40), new Set([admin]));
    if (k === DEMO_SLATES.amaraOwn) people.push(JONAS);
    if (k === DEMO_SLATES.amaraFollows) people.push(AMARA);
    const privacyCode = k === DEMO_SLATES.unpublished ? 3 : k < 5 ? 1 : privacyFor(k + 3);
    const statusCode = k === slateDefs.length - 1 ? INACTIVE : STATUS_ACTIVE;
    return { code: code('S'), def, admin, privacyCode, statusCode, people, daysAgo: int(60, 600) };
  });
  return { circles: circleList, slates: slateList };
}

const row = (o: SeedOrigin, adminId: number, now: number) => {
  const category = categoryOf(o.def[2]);
  return {
    name: o.def[0],
    caption: o.def[1],
    typeCode: o.def[2],
    description: o.def[3],
    categoryCode: category.code,
    categoryName: category.name,
    privacyCode: o.privacyCode,
    statusCode: o.statusCode,
    adminId,
    createdAt: new Date(now - o.daysAgo * DAY_MS),
  };
};

/** `mediaFiles`: where the pictures of the seeded galleries go; none without it. */
export async function seedCircles(db: Db, members: SeedMember[], mediaFiles?: MediaFiles, now = Date.now()): Promise<void> {
  const generated = generateCircles(members);
  const rows = await db.select({ id: users.id, userCode: users.userCode }).from(users).where(inArray(users.userCode, members.map((m) => m.userCode)));
  const idByCode = new Map(rows.map((r) => [r.userCode, r.id]));
  const id = (index: number) => idByCode.get(members[index]!.userCode)!;

  const circleIds = await db
    .insert(circles)
    .values(generated.circles.map((c) => ({ groupCode: c.code, ...row(c, id(c.admin), now) })))
    .returning({ id: circles.id });
  const memberRows = generated.circles.flatMap((c, k) =>
    c.people.map((p, j) => ({ circleId: circleIds[k]!.id, userId: id(p), joinedAt: new Date(now - Math.max(1, c.daysAgo - j * 3) * DAY_MS) })),
  );
  for (let i = 0; i < memberRows.length; i += 500) await db.insert(circleMembers).values(memberRows.slice(i, i + 500));

  const slateIds = await db
    .insert(slates)
    .values(generated.slates.map((s) => ({ pageCode: s.code, ...row(s, id(s.admin), now) })))
    .returning({ id: slates.id });
  const followerRows = generated.slates.flatMap((s, k) =>
    s.people.map((p, j) => ({ slateId: slateIds[k]!.id, userId: id(p), followedAt: new Date(now - Math.max(1, s.daysAgo - j * 2) * DAY_MS) })),
  );
  for (let i = 0; i < followerRows.length; i += 500) await db.insert(slateFollowers).values(followerRows.slice(i, i + 500));

  await seedCircleEntries(db, generated, { circleIds: circleIds.map((r) => r.id), slateIds: slateIds.map((r) => r.id), id }, now, mediaFiles);
}
