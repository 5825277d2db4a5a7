/**
 * Entry rows as feed items: one statement reads entries with their author, suite, feeling,
 * activity, tags, gallery, poll counts, rating and counts (correlated subqueries, no N+1),
 * and the viewer's marks (my rating, my vote, saved) beside them or apart (viewerMarks: the
 * feed keeps entries between viewers, never marks); the originals of the shares among them
 * are read in one more (with the same visibility rule). Which entries make a feed page, and
 * how they are kept: feed-page.ts.
 */
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type AnyPgColumn, type PgSelect, type PgTable, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
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
/**
 * The row of `table` whose `key` is the entry's `ref` (a column of `posts`), as a lateral
 * subquery with a limit, which PostgreSQL does not flatten into a join. As plain joins, the
 * generic plan for "these ids" (it guesses 10 rows) hashed the whole table to join five
 * entries: every circle (0.25 of the 0.64 ms a page's entries cost PostgreSQL at 1,000
 * circles, and more as circles are made), every emoji twice.
 *
 * `ref is not null` first: it names only the entry's column, so PostgreSQL tests it once a
 * row (a One-Time Filter) and skips the lookup for an entry with none — most entries have no
 * feeling or activity and are on one kind of origin. Without it each lookup still ran: the
 * emojis, one page, are read by a scan that compares all 55 codes to a null, twice an entry
 * (five entries' statement: 0.32 → 0.26 ms of PostgreSQL's CPU, median of 10 rounds of 1,000
 * runs, 100,000 members: tests/bench/statement-cpu.ts).
 */
const rowOf = <F extends Record<string, AnyPgColumn>, N extends string>(name: N, fields: F, table: PgTable, key: AnyPgColumn, ref: AnyPgColumn): SubqueryWithSelection<F, N> =>
  // Typed by the signature: drizzle's builder types lose `.as` over a table given as PgTable.
  (new QueryBuilder().select(fields).from(table) as unknown as PgSelect)
    .where(and(isNotNull(ref), eq(key, ref)))
    .limit(1)
    .as(name) as unknown as SubqueryWithSelection<F, N>;

const onCircle = rowOf('on_circle', { groupCode: circles.groupCode, name: circles.name, adminId: circles.adminId }, circles, circles.id, posts.originGroupId);
const onSlate = rowOf('on_slate', { pageCode: slates.pageCode, name: slates.name, adminId: slates.adminId }, slates, slates.id, posts.originPageId);
const emojiFields = { emojiName: emojis.emojiName, emojiIcon: emojis.emojiIcon };
const feel = rowOf('feel', emojiFields, emojis, emojis.emojiCode, posts.emojiCode);
const act = rowOf('act', emojiFields, emojis, emojis.emojiCode, posts.activityCode);

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * What every viewer is shown of an entry: everything but the viewer's own marks. The feed
 * keeps these rows between members (feed-page.ts entriesKept), so nothing here may depend on
 * who is looking — and nothing here decides who may look: visibleTo does, in the statement
 * that picks the entries.
 */
function entryColumns() {
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
    // A poll's votes by option, counted in one pass and only for a poll (most entries are not).
    votes: sql<number[] | null>`case when ${posts.pollQuestion} is not null then (select array[count(*) filter (where ${pollVotes.option} = 1), count(*) filter (where ${pollVotes.option} = 2), count(*) filter (where ${pollVotes.option} = 3)]::int[] from ${pollVotes} where ${pollVotes.postId} = ${posts.id}) end`,
    avgHalves: sql<number>`(select coalesce(avg(${postRatings.halves}), 0)::float8 from ${postRatings} where ${postRatings.postId} = ${posts.id})`,
    noOfComments: sql<number>`(select count(*)::int from ${comments} where ${comments.postId} = ${posts.id})`,
    noOfShares: sql<number>`(select count(*)::int from posts s where s.shared_post_id = ${posts.id})`,
    galleries: sql<unknown>`(select coalesce(json_agg(json_build_object('path', m.path, 'width', m.width, 'height', m.height, 'albumName', m.album_name, 'order', m.ord, 'mediaType', m.media_type) order by m.ord), '[]'::json) from ${postMedia} m where m.post_id = ${posts.id})`,
    tags: sql<unknown>`(select coalesce(json_agg(json_build_object('userCode', u.user_code, 'displayName', u.display_name) order by u.display_name), '[]'::json) from ${postTags} t join ${users} u on u.id = t.user_id where t.post_id = ${posts.id})`,
  };
}

/** The viewer's own marks on the entry `postId`: their poll vote, their rating, whether they saved it. */
export function viewerMarks(viewerId: Viewer, postId: SQL | AnyPgColumn = posts.id) {
  return {
    myVote: sql<number | null>`(select ${pollVotes.option} from ${pollVotes} where ${pollVotes.postId} = ${postId} and ${pollVotes.userId} = ${viewerId})`,
    myHalves: sql<number | null>`(select ${postRatings.halves} from ${postRatings} where ${postRatings.postId} = ${postId} and ${postRatings.userId} = ${viewerId})`,
    saved: sql<boolean>`exists (select 1 from ${savedPosts} where ${savedPosts.postId} = ${postId} and ${savedPosts.userId} = ${viewerId})`,
  };
}

function columns(viewerId: Viewer, total: SQL) {
  return { ...entryColumns(), ...viewerMarks(viewerId), total: sql<number>`${total}`.mapWith(Number) };
}

/**
 * A select from posts joined to the tables an entry's columns come from (author, plan,
 * profession, origin, feeling, activity). Both callers select named fields, whose rows the
 * joins do not change: hence the cast back to the query's own type.
 */
function withJoins<T extends PgSelect>(q: T): T {
  return q
    .innerJoin(author, eq(author.id, posts.authorId))
    .innerJoin(plans, eq(plans.planCode, author.planCode))
    .leftJoin(professions, eq(professions.professionCode, author.professionCode))
    .leftJoinLateral(onCircle, sql`true`)
    .leftJoinLateral(onSlate, sql`true`)
    .innerJoin(origin, eq(origin.id, sql`coalesce(${posts.originUserId}, ${onCircle.adminId}, ${onSlate.adminId})`))
    .leftJoinLateral(feel, sql`true`)
    .leftJoinLateral(act, sql`true`) as unknown as T;
}

/** `total` is a column for a record count (an uncorrelated scalar subquery, so computed once). */
export function selectRows(db: Db, viewerId: Viewer, where: SQL | undefined, page?: Page, total: SQL = sql`0`) {
  const q = withJoins(db.select(columns(viewerId, total)).from(posts).$dynamic()).where(where).orderBy(desc(posts.createdAt), desc(posts.id));
  return page ? q.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize) : q;
}

/** An entry's fields as drizzle maps them (timestamps as Date). */
type Selected = SelectResultFields<ReturnType<typeof entryColumns>>;
type Timestamps<T, As> = { [K in keyof T]: T[K] extends Date ? As : T[K] extends Date | null ? As | null : T[K] };
/** An entry as PostgreSQL's JSON writes it: its timestamps as ISO text. */
export type EntryRow = Timestamps<Selected, string>;
/** Either: what toPost reads (selectRows maps timestamps to Date, selectEntries leaves them text). */
type EntryFields = Timestamps<Selected, Date | string>;
export type Marks = { myVote: number | null; myHalves: number | null; saved: boolean };
/** An entry and the viewer's own marks on it, kept apart: a kept entry is never copied to add them. */
export type Row = { entry: EntryFields; marks: Marks };

/**
 * The entries `where` picks, as every viewer is shown them (no marks), each as one JSON object
 * PostgreSQL builds (`entryOf` reads it): WHERE must already be the viewer's visibleTo, or ids
 * that passed it. One column instead of 41 is cheaper for the API process, whose single thread
 * is what a busy host runs out of first (issue 32): node-postgres parsed and drizzle mapped
 * every field, 0.143 ms of the API's CPU a read of five entries against 0.087 as JSON, and the
 * same PostgreSQL time (0.34 ms) — 3,000 reads each, 100,000 members.
 */
export const selectEntries = (db: Db, where: SQL) => {
  // The names are entryColumns' own keys, never input: written into the statement as literals.
  const fields = sql.join(
    Object.entries(entryColumns()).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  );
  return withJoins(db.select({ entry: sql<EntryRow | string>`json_build_object(${fields})` }).from(posts).$dynamic()).where(where);
};

/** A selectEntries row's entry (node-postgres and PGlite parse json; a driver that does not leaves text). */
export const entryOf = (row: { entry: EntryRow | string }): EntryRow => json<EntryRow>(row.entry);

const round1 = (n: number) => Math.round(n * 10) / 10;

function toPost(r: EntryFields, marks: Marks): OriginalPost {
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
    saved: Boolean(marks.saved),
    postDescription: r.description,
    featureCode: r.featureCode,
    pollingDetails:
      r.pollQuestion !== null
        ? {
            pollingQuestion: r.pollQuestion,
            pollingOptions: {
              option1: { text: r.pollOption1 ?? '', votes: r.votes?.[0] ?? 0 },
              option2: { text: r.pollOption2 ?? '', votes: r.votes?.[1] ?? 0 },
              option3: r.pollOption3 ? { text: r.pollOption3, votes: r.votes?.[2] ?? 0 } : null,
            },
            currentUserOption: marks.myVote ?? null,
          }
        : null,
    postGalleries: json<PostGallery[]>(r.galleries),
    avgRating: round1(Number(r.avgHalves) / 2),
    currentRating: marks.myHalves ? marks.myHalves / 2 : 0,
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
  const ids = [...new Set(rows.map((r) => r.entry.sharedPostId).filter((id): id is number => id !== null))];
  const originals = new Map<number, OriginalPost>();
  if (ids.length > 0) for (const o of await load(ids)) originals.set(o.entry.id, toPost(o.entry, o.marks));
  return rows.map(({ entry, marks }) => {
    if (!entry.isShare) return { originalPost: toPost(entry, marks), sharedDetails: null, isShared: false };
    const share = toPost(entry, marks);
    return {
      originalPost: entry.sharedPostId !== null ? (originals.get(entry.sharedPostId) ?? null) : null,
      sharedDetails: { sharedPost: share, sharedBy: share.postedBy, sharedOn: share.postDateTime },
      isShared: true,
    };
  });
}

/** One visible entry by code, or null (missing and hidden look the same). */
export async function loadItem(db: Db, viewerId: number, postCode: string): Promise<PostItem | null> {
  const asRows = (rows: (EntryFields & Marks)[]): Row[] => rows.map((r) => ({ entry: r, marks: r }));
  const rows = await selectRows(db, viewerId, and(eq(posts.postCode, postCode), visibleTo(viewerId)), { pageNo: 1, pageSize: 1 });
  const [item] = await toItems(asRows(rows), async (ids) => asRows(await selectRows(db, viewerId, and(inArray(posts.id, ids), visibleTo(viewerId)))));
  return item ?? null;
}
