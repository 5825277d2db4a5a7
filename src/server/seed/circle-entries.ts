/**
 * Entries on the demo circles and slates: a welcome by the admin first, then a few entries,
 * polls and occasions — by the circle's members, or by the slate's admin (only they post
 * there). Privacy is mostly Everyone, some Billionetts (members / followers only) and a few
 * Only me. Members and followers vote, rate and comment. Given the media folder, a few
 * entries carry a gallery of drawn pictures (gallery-images.ts); without it, none.
 */
import { ENTRY_TYPE } from '../../contract/codes';
import type { Db } from '../db/client';
import type { MediaFiles } from '../domain/media-files';
import { comments, pollVotes, postMedia, postRatings, posts } from '../db/schema/entries';
import type { SeedCircles, SeedOrigin } from './circle-origins';
import { galleryTexts, welcomeTexts } from './data/circles';
import { commentTexts, entryTexts, occasionTexts, pollQuestions } from './data/entry-phrases';
import { placeCoordinates } from './data/place-coordinates';
import { prng, uuidFrom } from './entries';
import { storeSeedPictures } from './gallery-images';

const DAY_MS = 86_400_000;
const PLACE_NAMES = Object.keys(placeCoordinates);
/** Pictures drawn at most: enough for a full grid or two, cheap to draw. */
const PICTURES_MAX = 10;

type Ids = { circleIds: number[]; slateIds: number[]; id: (memberIndex: number) => number };
type Planned = { row: typeof posts.$inferInsert; audience: number[]; pictures: number };

export async function seedCircleEntries(db: Db, generated: SeedCircles, ids: Ids, now: number, mediaFiles?: MediaFiles): Promise<void> {
  const rand = prng(4_242);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const planned: Planned[] = [];
  let pictures = 0;

  const plan = (o: SeedOrigin, origin: { originType: 'group'; originGroupId: number } | { originType: 'page'; originPageId: number }) => {
    const isCircle = origin.originType === 'group';
    // Circle members read and react; a slate's followers do (plus its admin), unless it is
    // unpublished (Only me): then its admin alone.
    const audience = isCircle ? o.people : o.privacyCode === 3 ? [o.admin] : [o.admin, ...o.people];
    const count = isCircle ? int(3, 7) : int(2, 5);
    const age = Math.min(o.daysAgo, 45);
    for (let n = 0; n < count; n += 1) {
      const author = n === 0 || !isCircle ? o.admin : pick(o.people);
      const createdAt = new Date(now - (n === 0 ? age : Math.floor(rand() * age)) * DAY_MS - Math.floor(rand() * DAY_MS));
      const roll = n === 0 ? 0 : rand();
      const type = roll < 0.6 ? ENTRY_TYPE.entry : roll < 0.8 ? ENTRY_TYPE.poll : ENTRY_TYPE.occasion;
      const privacyRoll = n === 0 ? 0 : rand();
      const row: typeof posts.$inferInsert = {
        postCode: uuidFrom(rand, createdAt.getTime()),
        authorId: ids.id(author),
        ...origin,
        featureCode: type,
        privacyCode: privacyRoll < 0.7 ? 1 : privacyRoll < 0.9 ? 2 : 3,
        createdAt,
      };
      let withPictures = 0;
      if (type === ENTRY_TYPE.entry && n > 0 && pictures < PICTURES_MAX && rand() < 0.25) {
        withPictures = Math.min(int(1, 4), PICTURES_MAX - pictures);
        pictures += withPictures;
        row.description = pick(galleryTexts);
      } else if (type === ENTRY_TYPE.entry) {
        row.description = n === 0 ? pick(welcomeTexts).replace('{name}', o.def[0]) : pick(entryTexts);
      } else if (type === ENTRY_TYPE.poll) {
        const [q, o1, o2, o3] = pick(pollQuestions);
        Object.assign(row, { pollQuestion: q, pollOption1: o1, pollOption2: o2, pollOption3: o3 });
      } else {
        const name = pick(PLACE_NAMES);
        const [lat, lon] = placeCoordinates[name]!;
        const start = now + int(5, 60) * DAY_MS;
        Object.assign(row, {
          description: pick(occasionTexts),
          fromPlaceId: `seed-${name.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`,
          fromPlace: name,
          fromLat: lat,
          fromLon: lon,
          fromAt: new Date(start - (start % (30 * 60_000))),
        });
      }
      planned.push({ row, audience, pictures: withPictures });
    }
  };
  generated.circles.forEach((c, k) => plan(c, { originType: 'group', originGroupId: ids.circleIds[k]! }));
  generated.slates.forEach((s, k) => plan(s, { originType: 'page', originPageId: ids.slateIds[k]! }));

  const postIds: number[] = [];
  for (let i = 0; i < planned.length; i += 200) {
    const inserted = await db.insert(posts).values(planned.slice(i, i + 200).map((p) => p.row)).returning({ id: posts.id });
    postIds.push(...inserted.map((r) => r.id));
  }

  if (mediaFiles) {
    const wanted = planned.flatMap((p, i) => Array.from({ length: p.pictures }, (_, ord) => ({ ownerId: p.row.authorId, albumName: '', postIndex: i, ord })));
    if (wanted.length > 0) {
      const stored = await storeSeedPictures(db, mediaFiles, wanted);
      await db.insert(postMedia).values(
        stored.map((g, k) => ({ postId: postIds[wanted[k]!.postIndex]!, ord: wanted[k]!.ord, path: g.path, width: g.width, height: g.height, albumName: '', mediaType: 'image' })),
      );
    }
  }

  const votes: (typeof pollVotes.$inferInsert)[] = [];
  const ratings: (typeof postRatings.$inferInsert)[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];
  planned.forEach((p, i) => {
    // Only me: nobody else sees it, so nobody else reacts.
    if (p.row.privacyCode === 3 || p.audience.length === 0) return;
    const postId = postIds[i]!;
    const chosen = (n: number) => [...new Set(Array.from({ length: n }, () => pick(p.audience)))];
    if (p.row.featureCode === ENTRY_TYPE.poll) {
      const options = p.row.pollOption3 ? 3 : 2;
      for (const u of chosen(int(2, 10))) votes.push({ postId, userId: ids.id(u), option: int(1, options) });
    }
    for (const u of chosen(int(0, 4))) ratings.push({ postId, userId: ids.id(u), halves: int(5, 10) });
    if (rand() < 0.4) {
      for (const u of chosen(int(1, 3))) {
        const at = new Date(Math.min(now, p.row.createdAt!.getTime() + Math.floor(rand() * DAY_MS)));
        commentRows.push({ commentCode: uuidFrom(rand, at.getTime()), postId, authorId: ids.id(u), body: pick(commentTexts), createdAt: at, updatedAt: at });
      }
    }
  });
  for (let i = 0; i < votes.length; i += 500) await db.insert(pollVotes).values(votes.slice(i, i + 500));
  for (let i = 0; i < ratings.length; i += 500) await db.insert(postRatings).values(ratings.slice(i, i + 500));
  for (let i = 0; i < commentRows.length; i += 300) await db.insert(comments).values(commentRows.slice(i, i + 300));
}
