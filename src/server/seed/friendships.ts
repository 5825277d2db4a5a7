/**
 * The demo community's billionett graph: deterministic (a seeded PRNG over the member
 * order, no faker, so the server does not load it at start) and shaped like a real network:
 * each member has 5–40 friends, most nearer 10–20, with a pull toward the same profession and
 * city. The two demo logins are billionetts of each other (a newcomer signing in as both can
 * telex between them at once: seed/telex.ts gives them a conversation), share several friends,
 * and get pending requests both ways and a few references so every panel has something in it.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { friendReferences, friendRequests, friendships } from '../db/schema/friendships';
import type { SeedMember } from './community';

export type SeedGraph = {
  /** Member indexes, a < b. */
  friendships: { a: number; b: number; daysAgo: number }[];
  requests: { from: number; to: number; daysAgo: number }[];
  references: { owner: number; refCode: string; name: string; contact: string; professionCode: string; notified: number; daysAgo: number }[];
};

const MIN_FRIENDS = 5;
const MAX_FRIENDS = 40;
const DEMO = [0, 1] as const;
const SHARED_WITH_DEMO = 8;
const DEMO_RECEIVED = 4;
const DEMO_SENT = 3;
/** How long ago the two demo logins became billionetts. */
const DEMO_FRIENDS_DAYS_AGO = 30;
const OTHER_REQUESTS = 80;
const DAY_MS = 86_400_000;

/** mulberry32: tiny, fast, good enough for a demo graph, identical on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function generateGraph(members: SeedMember[], seed = 20261121): SeedGraph {
  const rand = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)]!;
  const n = members.length;
  const adj = members.map(() => new Set<number>());
  // Skewed toward fewer friends: squares of uniform numbers crowd near 0.
  const target = members.map((_, i) => (i < DEMO.length ? 24 : MIN_FRIENDS + Math.floor((MAX_FRIENDS - MIN_FRIENDS) * rand() ** 2)));
  const byProfession = new Map<string, number[]>();
  const byCity = new Map<string, number[]>();
  members.forEach((m, i) => {
    byProfession.set(m.professionCode, [...(byProfession.get(m.professionCode) ?? []), i]);
    byCity.set(m.locationName, [...(byCity.get(m.locationName) ?? []), i]);
  });
  const link = (i: number, j: number): boolean => {
    if (i === j || adj[i]!.has(j)) return false;
    if (adj[i]!.size >= MAX_FRIENDS || adj[j]!.size >= MAX_FRIENDS) return false;
    adj[i]!.add(j);
    adj[j]!.add(i);
    return true;
  };

  // The demo logins are billionetts, with friends they share.
  link(DEMO[0], DEMO[1]);
  const pool = Array.from({ length: n - DEMO.length }, (_, k) => k + DEMO.length);
  for (let k = 0; k < SHARED_WITH_DEMO; k += 1) {
    const j = pick(pool.filter((x) => !adj[DEMO[0]]!.has(x)));
    link(DEMO[0], j);
    link(DEMO[1], j);
  }

  for (let i = 0; i < n; i += 1) {
    for (let attempt = 0; adj[i]!.size < target[i]! && attempt < 400; attempt += 1) {
      const roll = rand();
      const me = members[i]!;
      const j = roll < 0.35 ? pick(byProfession.get(me.professionCode)!) : roll < 0.55 ? pick(byCity.get(me.locationName)!) : int(0, n - 1);
      // Let a member go a little past their own target when someone else reaches out.
      if (adj[j]!.size >= target[j]! + 3) continue;
      link(i, j);
    }
  }
  for (let i = 0; i < n; i += 1) {
    while (adj[i]!.size < MIN_FRIENDS) link(i, int(0, n - 1));
  }

  const graph: SeedGraph = { friendships: [], requests: [], references: [] };
  for (let i = 0; i < n; i += 1) {
    for (const j of adj[i]!) if (i < j) graph.friendships.push({ a: i, b: j, daysAgo: i === DEMO[0] && j === DEMO[1] ? DEMO_FRIENDS_DAYS_AGO : int(2, 540) });
  }

  const requested = new Set<string>();
  const request = (from: number, to: number): boolean => {
    const key = pairKey(from, to);
    if (from === to || adj[from]!.has(to) || requested.has(key)) return false;
    requested.add(key);
    graph.requests.push({ from, to, daysAgo: int(0, 20) });
    return true;
  };
  const strangersOf = (i: number) => pool.filter((j) => !adj[i]!.has(j));
  for (const d of DEMO) {
    const strangers = strangersOf(d);
    let received = 0;
    while (received < DEMO_RECEIVED) if (request(pick(strangers), d)) received += 1;
    let sent = 0;
    while (sent < DEMO_SENT) if (request(d, pick(strangers))) sent += 1;
  }
  for (let made = 0; made < OTHER_REQUESTS; ) if (request(pick(pool), pick(pool))) made += 1;

  // References: two candidates outside the network each, and one who has since joined (their
  // e-mail now belongs to a member), so the screen shows both card kinds.
  const outside = [
    [
      { name: 'Noor Haddad', contact: 'noor.haddad@example.com', professionCode: 'P05', notified: 0 },
      { name: 'Tomasz Wirth', contact: '5550100131', professionCode: 'P11', notified: 2 },
    ],
    [
      { name: 'Ines Okafor', contact: 'ines.okafor@example.com', professionCode: 'P14', notified: 1 },
      { name: 'Rafael Quint', contact: '5550100142', professionCode: 'P02', notified: 0 },
    ],
  ];
  for (const d of DEMO) {
    outside[d]!.forEach((r, k) => graph.references.push({ owner: d, refCode: `rdemo${d}${k}`, ...r, daysAgo: int(3, 60) }));
    const joined = members[pick(strangersOf(d).filter((j) => !requested.has(pairKey(d, j))))]!;
    graph.references.push({
      owner: d,
      refCode: `rdemo${d}j`,
      name: `${joined.firstName} ${joined.lastName}`,
      contact: joined.email.toLowerCase(),
      professionCode: joined.professionCode,
      notified: 1,
      daysAgo: int(60, 120),
    });
  }
  return graph;
}

const CHUNK = 500;
async function insertChunked<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await insert(items.slice(i, i + CHUNK));
}

/** Dates count back from the seeding moment, so a friendship made today is always newest. */
export async function seedFriendships(db: Db, members: SeedMember[], now = Date.now()): Promise<void> {
  const graph = generateGraph(members);
  const rows = await db
    .select({ id: users.id, userCode: users.userCode })
    .from(users)
    .where(inArray(users.userCode, members.map((m) => m.userCode)));
  const idByCode = new Map(rows.map((r) => [r.userCode, r.id]));
  const id = (index: number) => idByCode.get(members[index]!.userCode)!;
  const at = (daysAgo: number, salt: number) => new Date(now - daysAgo * DAY_MS - (salt % 1440) * 60_000);

  await insertChunked(graph.friendships, (chunk) =>
    db.insert(friendships).values(
      chunk.map((f, k) => {
        const [a, b] = [id(f.a), id(f.b)];
        return { userA: Math.min(a, b), userB: Math.max(a, b), createdAt: at(f.daysAgo, k * 37) };
      }),
    ),
  );
  await insertChunked(graph.requests, (chunk) =>
    db.insert(friendRequests).values(chunk.map((r, k) => ({ fromId: id(r.from), toId: id(r.to), createdAt: at(r.daysAgo, k * 53) }))),
  );
  await insertChunked(graph.references, (chunk) =>
    db.insert(friendReferences).values(
      chunk.map((r, k) => ({
        refCode: r.refCode,
        ownerId: id(r.owner),
        name: r.name,
        contact: r.contact,
        professionCode: r.professionCode,
        notified: r.notified,
        createdAt: at(r.daysAgo, k * 71),
      })),
    ),
  );
}
