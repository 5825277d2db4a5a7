/**
 * The demo community's entries: ~300, deterministic (seeded PRNG over the member order),
 * mostly written by the demo logins' billionetts and themselves so both home feeds are
 * full — entries, polls with votes, occasions and transits between real places, a few
 * shares, tags, feelings and activities; comments with replies and reactions, ratings,
 * and a few archived entries. No media: seed entries carry no gallery (no files to point at).
 */
import { inArray } from 'drizzle-orm';
import { ENTRY_TYPE } from '../../contract/codes';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { commentReactions, comments, pollVotes, postRatings, posts, postTags, savedPosts } from '../db/schema/entries';
import type { SeedMember } from './community';
import { commentTexts, entryTexts, occasionTexts, pollQuestions, replyTexts, transitTexts } from './data/entry-phrases';
import { placeCoordinates } from './data/place-coordinates';
import { generateGraph } from './friendships';

const ENTRY_COUNT = 300;
const DEMO = [0, 1];
const DAY_MS = 86_400_000;
const FEELINGS = 20;
const ACTIVITIES = 15;
const PLACE_NAMES = Object.keys(placeCoordinates);

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A UUIDv7-shaped code from the PRNG (time bits from `at`), so codes are stable per run and valid. */
export function uuidFrom(rand: () => number, at: number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const time = at.toString(16).padStart(12, '0').slice(-12);
  const variant = (8 + Math.floor(rand() * 4)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}

type Plan = { row: typeof posts.$inferInsert; author: number; tags: number[]; sharedIndex?: number };

export async function seedEntries(db: Db, members: SeedMember[], now = Date.now()): Promise<void> {
  const rand = prng(31_337);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const graph = generateGraph(members);
  const friends = members.map(() => [] as number[]);
  for (const f of graph.friendships) {
    friends[f.a]!.push(f.b);
    friends[f.b]!.push(f.a);
  }
  const rows = await db.select({ id: users.id, userCode: users.userCode }).from(users).where(inArray(users.userCode, members.map((m) => m.userCode)));
  const idByCode = new Map(rows.map((r) => [r.userCode, r.id]));
  const id = (index: number) => idByCode.get(members[index]!.userCode)!;
  // Authors: the demo logins and their billionetts most of the time, anyone otherwise.
  const near = [...new Set([...DEMO, ...DEMO.flatMap((d) => friends[d]!)])];
  const place = () => {
    const name = pick(PLACE_NAMES);
    const [lat, lon] = placeCoordinates[name]!;
    return { placeId: `seed-${name.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`, name, lat, lon };
  };

  const plans: Plan[] = [];
  for (let i = 0; i < ENTRY_COUNT; i += 1) {
    const author = rand() < 0.75 ? pick(near) : Math.floor(rand() * members.length);
    const createdAt = new Date(now - Math.floor(rand() * 60 * DAY_MS));
    const roll = rand();
    const type = roll < 0.55 ? ENTRY_TYPE.entry : roll < 0.7 ? ENTRY_TYPE.poll : roll < 0.85 ? ENTRY_TYPE.occasion : ENTRY_TYPE.transit;
    const privacyRoll = rand();
    const privacyCode = privacyRoll < 0.72 ? 1 : privacyRoll < 0.93 ? 2 : 3;
    const myFriends = friends[author]!;
    // Now and then on a billionett's suite.
    const origin = myFriends.length > 0 && rand() < 0.12 ? pick(myFriends) : author;
    const tags = myFriends.length > 0 && rand() < 0.2 ? [...new Set([pick(myFriends), pick(myFriends)])] : [];
    const row: typeof posts.$inferInsert = {
      postCode: uuidFrom(rand, createdAt.getTime()),
      authorId: id(author),
      originUserId: id(origin),
      featureCode: type,
      privacyCode,
      createdAt,
      emojiCode: rand() < 0.2 ? `F${String(1 + Math.floor(rand() * FEELINGS)).padStart(2, '0')}` : null,
      activityCode: rand() < 0.12 ? `A${String(1 + Math.floor(rand() * ACTIVITIES)).padStart(2, '0')}` : null,
    };
    if (type === ENTRY_TYPE.entry) {
      row.description = pick(entryTexts);
      if (rand() < 0.15) {
        const p = place();
        Object.assign(row, { fromPlaceId: p.placeId, fromPlace: p.name, fromLat: p.lat, fromLon: p.lon });
      }
    } else if (type === ENTRY_TYPE.poll) {
      const [q, o1, o2, o3] = pick(pollQuestions);
      Object.assign(row, { pollQuestion: q, pollOption1: o1, pollOption2: o2, pollOption3: o3 });
    } else {
      const from = place();
      const start = createdAt.getTime() + (3 + Math.floor(rand() * 40)) * DAY_MS;
      Object.assign(row, {
        description: pick(type === ENTRY_TYPE.occasion ? occasionTexts : transitTexts),
        fromPlaceId: from.placeId,
        fromPlace: from.name,
        fromLat: from.lat,
        fromLon: from.lon,
        fromAt: new Date(start - (start % (30 * 60_000))),
        toAt: rand() < 0.6 ? new Date(start - (start % (30 * 60_000)) + (1 + Math.floor(rand() * 5)) * DAY_MS) : null,
      });
      if (type === ENTRY_TYPE.transit) {
        let to = place();
        while (to.name === from.name) to = place();
        Object.assign(row, { toPlaceId: to.placeId, toPlace: to.name, toLat: to.lat, toLon: to.lon });
      }
    }
    plans.push({ row, author, tags });
  }
  // A few shares of public entries, by the author's billionetts.
  for (let i = 0; i < 15; i += 1) {
    const sharedIndex = Math.floor(rand() * plans.length);
    const shared = plans[sharedIndex]!;
    const sharers = friends[shared.author]!;
    if (shared.row.privacyCode !== 1 || sharers.length === 0) continue;
    const sharer = pick(sharers);
    const createdAt = new Date(Math.min(now, shared.row.createdAt!.getTime() + Math.floor(rand() * 5 * DAY_MS)));
    plans.push({
      row: { postCode: uuidFrom(rand, createdAt.getTime()), authorId: id(sharer), originUserId: id(sharer), featureCode: shared.row.featureCode, privacyCode: 1, createdAt, isShare: true, description: rand() < 0.5 ? 'Worth reading.' : '' },
      author: sharer,
      tags: [],
      sharedIndex,
    });
  }

  const postIds: number[] = [];
  for (let i = 0; i < plans.length; i += 200) {
    const chunk = plans.slice(i, i + 200).map((p) => ({ ...p.row, sharedPostId: p.sharedIndex !== undefined ? postIds[p.sharedIndex] : null }));
    const inserted = await db.insert(posts).values(chunk).returning({ id: posts.id });
    postIds.push(...inserted.map((r) => r.id));
  }
  const tagRows = plans.flatMap((p, i) => p.tags.map((t) => ({ postId: postIds[i]!, userId: id(t) })));
  if (tagRows.length > 0) await db.insert(postTags).values(tagRows);

  // Who reacts to an entry: the author's billionetts (they see every privacy but 'Only me').
  const audience = (p: Plan) => (p.row.privacyCode === 3 ? [] : friends[p.author]!);
  const ratings: (typeof postRatings.$inferInsert)[] = [];
  const votes: (typeof pollVotes.$inferInsert)[] = [];
  const saved: (typeof savedPosts.$inferInsert)[] = [];
  const commentRows: { row: typeof comments.$inferInsert; parentIndex?: number }[] = [];
  plans.forEach((p, i) => {
    const people = audience(p);
    if (people.length === 0) return;
    const postId = postIds[i]!;
    const chosen = (n: number) => [...new Set(Array.from({ length: n }, () => pick(people)))];
    for (const u of chosen(Math.floor(rand() * 5))) ratings.push({ postId, userId: id(u), halves: 4 + Math.floor(rand() * 7) });
    if (p.row.featureCode === ENTRY_TYPE.poll && !p.row.isShare) {
      const options = p.row.pollOption3 ? 3 : 2;
      for (const u of chosen(3 + Math.floor(rand() * 12))) votes.push({ postId, userId: id(u), option: 1 + Math.floor(rand() * options) });
    }
    for (const d of DEMO) if (people.includes(d) && rand() < 0.08) saved.push({ postId, userId: id(d) });
    if (rand() < 0.45) {
      for (const u of chosen(1 + Math.floor(rand() * 4))) {
        const at = new Date(Math.min(now, p.row.createdAt!.getTime() + Math.floor(rand() * 2 * DAY_MS)));
        const top = commentRows.length;
        commentRows.push({ row: { commentCode: uuidFrom(rand, at.getTime()), postId, authorId: id(u), body: pick(commentTexts), createdAt: at, updatedAt: at } });
        if (rand() < 0.35) {
          const later = new Date(Math.min(now, at.getTime() + 3_600_000));
          commentRows.push({
            row: { commentCode: uuidFrom(rand, later.getTime()), postId, authorId: id(p.author), body: pick(replyTexts), createdAt: later, updatedAt: later },
            parentIndex: top,
          });
        }
      }
    }
  });
  for (let i = 0; i < ratings.length; i += 500) await db.insert(postRatings).values(ratings.slice(i, i + 500));
  for (let i = 0; i < votes.length; i += 500) await db.insert(pollVotes).values(votes.slice(i, i + 500));
  if (saved.length > 0) await db.insert(savedPosts).values(saved);

  // Top-level comments first, then replies pointing at their parents' ids.
  const commentIds = new Map<number, number>();
  const tops = commentRows.map((c, k) => ({ c, k })).filter(({ c }) => c.parentIndex === undefined);
  const replies = commentRows.filter((c) => c.parentIndex !== undefined);
  for (let i = 0; i < tops.length; i += 300) {
    const chunk = tops.slice(i, i + 300);
    const ids = await db.insert(comments).values(chunk.map(({ c }) => c.row)).returning({ id: comments.id });
    chunk.forEach(({ k }, j) => commentIds.set(k, ids[j]!.id));
  }
  if (replies.length > 0) {
    await db.insert(comments).values(replies.map((c) => ({ ...c.row, parentId: commentIds.get(c.parentIndex!)! })));
  }
  const reactions: (typeof commentReactions.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const [, commentId] of commentIds) {
    if (rand() < 0.5) continue;
    const who = id(pick(near));
    if (seen.has(`${commentId}:${who}`)) continue;
    seen.add(`${commentId}:${who}`);
    reactions.push({ commentId, userId: who, exp: rand() < 0.85 ? 'like' : 'dislike' });
  }
  if (reactions.length > 0) await db.insert(commentReactions).values(reactions);
}
