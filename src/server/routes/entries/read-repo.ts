/**
 * Entry rows as feed items: one statement reads entries with their author, suite, feeling,
 * activity, tags, gallery, poll counts, rating, my rating, my vote, saved and counts
 * (correlated subqueries, no N+1); the originals of the shares among them are read in one
 * more (with the same visibility rule). Which entries make a feed page: feed-page.ts.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FEED_FILTER } from '../../../contract/codes';
import type { OriginalPost, PostGallery, PostItem, PostType } from '../../../contract/entries';
import type { Gender } from '../../../contract/user';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { circles, slates } from '../../db/schema/circles';
import { comments, pollVotes, postMedia, postRatings, posts, postTags, savedPosts } from '../../db/schema/entries';
import { emojis, professions } from '../../db/schema/masters';
import { plans } from '../../db/schema/plans';
import { visibleTo, type Viewer } from '../../policy/visibility';

export type Page = { pageNo: number; pageSize: number };

const author = alias(users, 'author');
/** The origin's admin: the suite owner for a suite entry, the circle's or slate's admin otherwise. */
const origin = alias(users, 'origin');
const onCircle = alias(circles, 'on_circle');
const onSlate = alias(slates, 'on_slate');
const feel = alias(emojis, 'feel');
const act = alias(emojis, 'act');

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function columns(viewerId: Viewer, total: SQL) {
  const votes = (n: number) => sql<number>`(select count(*)::int from ${pollVotes} where ${pollVotes.postId} = ${posts.id} and ${pollVotes.option} = ${sql.raw(String(n))})`;
  return {
    id: posts.id,
    postCode: posts.postCode,
    authorId: posts.authorId,
    originType: posts.originType,
    featureCode: posts.featureCode,
    description: posts.description,
    privacyCode: posts.privacyCode,
    fromPlace: posts.fromPlace,
    fromLat: posts.fromLat,
    fromLon: posts.fromLon,
    toPlace: posts.toPlace,
    toLat: posts.toLat,
    toLon: posts.toLon,
    fromAt: posts.fromAt,
    toAt: posts.toAt,
    pollQuestion: posts.pollQuestion,
    pollOption1: posts.pollOption1,
    pollOption2: posts.pollOption2,
    pollOption3: posts.pollOption3,
    sharedPostId: posts.sharedPostId,
    isShare: posts.isShare,
    createdAt: posts.createdAt,
    authorCode: author.userCode,
    authorName: author.displayName,
    authorDp: author.profileDp,
    authorGender: author.gender,
    planName: plans.planName,
    professionName: professions.professionName,
    originCode: sql<string>`coalesce(${onCircle.groupCode}, ${onSlate.pageCode}, ${origin.userCode})`,
    originName: sql<string>`coalesce(${onCircle.name}, ${onSlate.name}, ${origin.displayName})`,
    originAdminCode: origin.userCode,
    feelingName: feel.emojiName,
    feelingIcon: feel.emojiIcon,
    activityName: act.emojiName,
    activityIcon: act.emojiIcon,
    votes1: votes(1),
    votes2: votes(2),
    votes3: votes(3),
    myVote: sql<number | null>`(select ${pollVotes.option} from ${pollVotes} where ${pollVotes.postId} = ${posts.id} and ${pollVotes.userId} = ${viewerId})`,
    avgHalves: sql<number>`(select coalesce(avg(${postRatings.halves}), 0)::float8 from ${postRatings} where ${postRatings.postId} = ${posts.id})`,
    myHalves: sql<number | null>`(select ${postRatings.halves} from ${postRatings} where ${postRatings.postId} = ${posts.id} and ${postRatings.userId} = ${viewerId})`,
    saved: sql<boolean>`exists (select 1 from ${savedPosts} where ${savedPosts.postId} = ${posts.id} and ${savedPosts.userId} = ${viewerId})`,
    noOfComments: sql<number>`(select count(*)::int from ${comments} where ${comments.postId} = ${posts.id})`,
    noOfShares: sql<number>`(select count(*)::int from posts s where s.shared_post_id = ${posts.id})`,
    galleries: sql<unknown>`(select coalesce(json_agg(json_build_object('path', m.path, 'width', m.width, 'height', m.height, 'albumName', m.album_name, 'order', m.ord, 'mediaType', m.media_type) order by m.ord), '[]'::json) from ${postMedia} m where m.post_id = ${posts.id})`,
    tags: sql<unknown>`(select coalesce(json_agg(json_build_object('userCode', u.user_code, 'displayName', u.display_name) order by u.display_name), '[]'::json) from ${postTags} t join ${users} u on u.id = t.user_id where t.post_id = ${posts.id})`,
    total: sql<number>`${total}`.mapWith(Number),
  };
}

export type Row = Awaited<ReturnType<typeof selectRows>>[number];

/** `total` is a column for listItems' record count (an uncorrelated scalar subquery, so computed once). */
export function selectRows(db: Db, viewerId: Viewer, where: SQL | undefined, page?: Page, total: SQL = sql`0`) {
  const q = db
    .select(columns(viewerId, total))
    .from(posts)
    .innerJoin(author, eq(author.id, posts.authorId))
    .innerJoin(plans, eq(plans.planCode, author.planCode))
    .leftJoin(professions, eq(professions.professionCode, author.professionCode))
    .leftJoin(onCircle, eq(onCircle.id, posts.originGroupId))
    .leftJoin(onSlate, eq(onSlate.id, posts.originPageId))
    .innerJoin(origin, eq(origin.id, sql`coalesce(${posts.originUserId}, ${onCircle.adminId}, ${onSlate.adminId})`))
    .leftJoin(feel, eq(feel.emojiCode, posts.emojiCode))
    .leftJoin(act, eq(act.emojiCode, posts.activityCode))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id));
  return page ? q.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize) : q;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function toPost(r: Row): OriginalPost {
  const period = r.fromAt ? { start_date: iso(r.fromAt)!, end_date: iso(r.toAt) } : null;
  const hasLocation = r.fromPlace !== null || r.toPlace !== null;
  return {
    postCode: r.postCode,
    postedBy: {
      userCode: r.authorCode,
      displayName: r.authorName,
      planName: r.planName,
      professionName: r.professionName ?? '',
      profileDp: r.authorDp,
      gender: r.authorGender as Gender,
    },
    postedAt: { originCode: r.originCode, originName: r.originName, postType: r.originType as PostType, originAdminCode: r.originAdminCode },
    feelings: r.feelingName ? { feelingName: r.feelingName, feelingicon: r.feelingIcon ?? '' } : null,
    activity: r.activityName ? { activityName: r.activityName, activityicon: r.activityIcon ?? '' } : null,
    taggedUsers: json<{ userCode: string; displayName: string }[]>(r.tags),
    postDateTime: iso(r.createdAt)!,
    location: hasLocation
      ? { fromplaceName: r.fromPlace, fromlatitude: r.fromLat, fromlongitude: r.fromLon, toplaceName: r.toPlace, tolatitude: r.toLat, tolongitude: r.toLon }
      : null,
    saved: Boolean(r.saved),
    postDescription: r.description,
    featureCode: r.featureCode,
    pollingDetails:
      r.pollQuestion !== null
        ? {
            pollingQuestion: r.pollQuestion,
            pollingOptions: {
              option1: { text: r.pollOption1 ?? '', votes: r.votes1 },
              option2: { text: r.pollOption2 ?? '', votes: r.votes2 },
              option3: r.pollOption3 ? { text: r.pollOption3, votes: r.votes3 } : null,
            },
            currentUserOption: r.myVote ?? null,
          }
        : null,
    postGalleries: json<PostGallery[]>(r.galleries),
    avgRating: round1(Number(r.avgHalves) / 2),
    currentRating: r.myHalves ? r.myHalves / 2 : 0,
    noOfComments: r.noOfComments,
    noOfShares: r.noOfShares,
    privacyCode: r.privacyCode,
    occasionPeriod: r.featureCode === FEED_FILTER.occasion ? period : null,
    transitPeriod: r.featureCode === FEED_FILTER.transit ? period : null,
  };
}

/** The visible entries with these ids (newest first): how toItems reads the originals of shares. */
export type LoadRows = (ids: number[]) => Promise<Row[]>;

/** Rows → feed items; the originals of shares come from one batched, visibility-checked read. */
export async function toItems(rows: Row[], load: LoadRows): Promise<PostItem[]> {
  const ids = [...new Set(rows.map((r) => r.sharedPostId).filter((id): id is number => id !== null))];
  const originals = new Map<number, OriginalPost>();
  if (ids.length > 0) for (const o of await load(ids)) originals.set(o.id, toPost(o));
  return rows.map((r) => {
    if (!r.isShare) return { originalPost: toPost(r), sharedDetails: null, isShared: false };
    const share = toPost(r);
    return {
      originalPost: r.sharedPostId !== null ? (originals.get(r.sharedPostId) ?? null) : null,
      sharedDetails: { sharedPost: share, sharedBy: share.postedBy, sharedOn: share.postDateTime },
      isShared: true,
    };
  });
}

/** One visible entry by code, or null (missing and hidden look the same). */
export async function loadItem(db: Db, viewerId: number, postCode: string): Promise<PostItem | null> {
  const rows = await selectRows(db, viewerId, and(eq(posts.postCode, postCode), visibleTo(viewerId)), { pageNo: 1, pageSize: 1 });
  const [item] = await toItems(rows, (ids) => selectRows(db, viewerId, and(inArray(posts.id, ids), visibleTo(viewerId))));
  return item ?? null;
}
