/**
 * Entry search (searchPost): the entries matching a searched text (`match`, domain/search/
 * words.ts: every searched word, as the start of an entry's word or like one, tested on the
 * stored words) that the viewer may see, newest first, with `where` (the feed's filters) and
 * visibility (policy/visibility.ts visibleTo, exactly as in every feed) applied to the
 * matches alone (public suite entries pass it by definition).
 *
 * Every entry the viewer may see lies in one of three disjoint parts (migrations 0011, 0013):
 * - entries everyone may read on a member's suite — nearly all of a large community. A word
 *   in many of them (BUDGETS.md: search/post p99 ≤ 50 ms over a million entries) made the
 *   word index hand back tens of thousands of rows to read only to keep the newest 16.
 *   So this part is first *walked* newest first over its own index (posts_public_created_ix),
 *   until the matches the answer needs are met: a common word is met within a few hundred
 *   entries (SEARCH_WALK bounds the walk). When the walk ends short — a word this rare is in
 *   few entries — the older matches are read from the word index (posts_words_public),
 *   which then hands back few rows.
 * - entries in circles and slates (posts_words_origins): those every member may read (public,
 *   in a public circle or slate with public entries) beside the walk; the others only in the
 *   circles and slates the viewer is tied to (`related`: visibleTo allows no other), and
 * - the viewer's own and their billionetts' other suite entries (by author),
 * the last two small beside the first, read whole from their indexes.
 * The public matches are the same for every member (a filter naming the viewer aside), so
 * they are kept between members until an entry is written (keptPublic); the viewer's own
 * part is read at every search, beside it. Searching a common word in a community of 100,000,
 * the circles' matches alone were thousands of rows a search, read for every member.
 *
 * totalRecords counts the matches up to one beyond the page asked for: enough for the feed
 * to know there is more (it pages on as the member scrolls), bounded work however common
 * the word. A count of every match of a common word is the one cost no index removes.
 *
 * The walk's bounds: a walked entry costs ~1 µs (reading it and testing its stored words),
 * a match read from the word index a few µs (a random heap read); walking on pays while the
 * matches met so far promise the page within SEARCH_WALK.most entries (a word in more than
 * ~0.15% of public entries); rarer words have few matches to read.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PostItem } from '../../../contract/entries';
import { perDatabase, queryPrepared, statementOnce, type Db } from '../../db/client';
import { keptUntilWritten, readTables } from '../../db/write-clock';
import { posts } from '../../db/schema/entries';
import { circles, slates } from '../../db/schema/circles';
import { followedSlateIdsSql, friendIdsSql, memberCircleIdsSql, visibleTo, type Viewer } from '../../policy/visibility';
import { wordsMatch } from '../../domain/search/words';
import { entryTables, itemsByIds } from './feed-page';
import { allFiltersWhere, featureWhere } from './feed-where';
import type { Page } from './read-repo';

/**
 * The walk's bounds: it first reads this many of the newest public entries; it goes on (to
 * at most `most`) only when the matches met so far say the rest will be met within that; else
 * the word index answers for the older ones.
 */
export const SEARCH_WALK = { first: 1000, most: 12000 };

type Hit = { id: number; at: string };
/** The last entry a walk read (its time as text keeps PostgreSQL's microseconds). */
type Edge = { at: string; id: number };

const newest = sql`order by ${posts.createdAt} desc, ${posts.id} desc`;
/** Microseconds since the epoch, as text: the merge below orders by it exactly (a JS Date keeps milliseconds). */
const at = sql`(extract(epoch from ${posts.createdAt}) * 1000000)::bigint::text`;
const byNewest = (a: Hit, b: Hit) => {
  const d = BigInt(b.at) - BigInt(a.at);
  return d !== 0n ? (d > 0n ? 1 : -1) : Number(b.id) - Number(a.id);
};

// Literals, not parameters: the planner proves the partial indexes' predicates from them.
const publicOnSuites = sql`${posts.originType} = 'user' and ${posts.privacyCode} = 1`;
const inOrigins = sql`${posts.originType} <> 'user'`;
/** An entry every member may read in a circle or slate: public, in a public circle or slate whose entries are public (visibleTo's onCircle, onSlate). */
const openInOrigins = sql`${posts.privacyCode} = 1 and (
  exists (select 1 from ${circles} where ${circles.id} = ${posts.originGroupId} and ${circles.privacyCode} = 1 and ${circles.entriesPrivacy} = 1)
  or exists (select 1 from ${slates} where ${slates.id} = ${posts.originPageId} and ${slates.privacyCode} = 1 and ${slates.entriesPrivacy} = 1))`;
/**
 * The circles and slates whose other entries the viewer may read (visibleTo's onCircle and
 * onSlate allow nothing more): a circle they are a member of or whose admin is their
 * billionett; a slate they run or follow or whose admin is their billionett; and their own
 * entries anywhere.
 */
const related = (viewerId: Viewer) => sql`(${posts.authorId} = ${viewerId}
  or ${posts.originGroupId} = any(${memberCircleIdsSql(viewerId)} || array(select ${circles.id} from ${circles} where ${circles.adminId} = any(${friendIdsSql(viewerId)})))
  or ${posts.originPageId} = any(${followedSlateIdsSql(viewerId)} || array(select ${slates.id} from ${slates} where ${slates.adminId} = ${viewerId} or ${slates.adminId} = any(${friendIdsSql(viewerId)}))))`;
const olderThan = (edge: Edge | null) => (edge ? sql`and (${posts.createdAt}, ${posts.id}) < (${edge.at}::timestamptz, ${edge.id}::integer)` : sql``);

/** `rows` public entries from `edge` on, newest first (posts_public_created_ix), as a table named posts. */
const walkRows = (edge: Edge | null, rows: number) => sql`(select * from ${posts} where ${publicOnSuites} ${olderThan(edge)} ${newest} limit ${rows}) as ${posts}`;

/** The last of those `rows` entries, or null when fewer remain (the walk has read them all). */
async function edgeAfter(db: Db, edge: Edge | null, rows: number): Promise<Edge | null> {
  const [last] = await queryPrepared<Edge>(
    db,
    sql`select ${posts.createdAt}::text as at, ${posts.id} as id from ${posts} where ${publicOnSuites} ${olderThan(edge)} ${newest} offset ${rows - 1} limit 1`,
  );
  return last ? { at: last.at, id: Number(last.id) } : null;
}

/**
 * The public suite entries matching, newest first, up to `cap`: the walk, walked on when the
 * matches promise the rest within its bound, else the word index for the older ones (the
 * header says why). Public entries and a filter naming no viewer: the same for every member.
 */
async function publicHits(db: Db, match: SQL, where: SQL, cap: number, walk: typeof SEARCH_WALK): Promise<Hit[]> {
  // Readable by every member (visibleTo's onSuite: privacy 1; onCircle and onSlate for
  // openInOrigins), so they test the filters alone — a plan a fifth the size (planning it cost
  // more than running it); the page's marks still apply visibleTo.
  const matchesIn = (rows: SQL, limit: number) => sql`select ${posts.id} as id, ${at} as at from ${rows} where ${match} and ${where} ${newest} limit ${limit}`;
  // One statement: the first walk (its limits stream: the index scan stops once `cap` matches
  // are met) beside the public entries of public circles and slates, cut to their `cap` newest.
  const found = await queryPrepared<Hit & { walked: boolean }>(
    db,
    sql`
      with origins as materialized (select * from ${posts} where ${inOrigins} and ${match})
      (select *, true as walked from (${matchesIn(walkRows(null, walk.first), cap)}) as walk)
      union all
      (select ${posts.id} as id, ${at} as at, false as walked from origins as ${posts} where ${openInOrigins} and ${where} ${newest} limit ${cap})`,
  );
  const hits: Hit[] = found.map(({ id, at: t }) => ({ id, at: t }));
  let walked = found.filter((h) => h.walked).length;
  let edge = walked < cap ? await edgeAfter(db, null, walk.first) : null;
  // Matches met often enough that the rest lie within the walk's bound: walk on.
  if (edge && walked > 0 && (walk.first * cap) / walked <= walk.most) {
    const more = await queryPrepared<Hit>(db, matchesIn(walkRows(edge, walk.most - walk.first), cap - walked));
    hits.push(...more);
    walked += more.length;
    edge = walked < cap ? await edgeAfter(db, edge, walk.most - walk.first) : null;
  }
  if (edge) {
    // The walk ended short of `cap`: a word this rare is in few entries, which the word
    // index hands back. Materialized, so the planner reads them from that index rather than
    // walking the table by date for them.
    hits.push(
      ...(await queryPrepared<Hit>(
        db,
        sql`
          with matched as materialized (select * from ${posts} where ${publicOnSuites} and ${match})
          select ${posts.id} as id, ${at} as at from matched as ${posts}
          where true ${olderThan(edge)} and ${where} ${newest} limit ${cap - walked}`,
      )),
    );
  }
  return hits;
}

/**
 * The public part's matches, kept by `shared` (the searched text and filters) until an entry
 * is written (search_terms, which decides the words alike, is written with entries: words.ts):
 * members search the same words, and this part — a walk over the newest public entries — was
 * most of a search's cost in a community of 100,000 (BUDGETS.md: feed p99 at 500/s).
 */
const keptPublic = keptUntilWritten<{ hits: Hit[] }>(1000);
const PUBLIC_READS = ['posts', 'search_terms'];

/**
 * The viewer's part, small beside the public one: circles' and slates' entries, and their own
 * and their billionetts' other suite entries, each cut to its `cap` newest. One statement for
 * each filter shape, its text built once (the viewer, the words and the cap are placeholders:
 * db/client.ts statementOnce), run on the feed's pool as the hydration is: its one generic
 * plan (the words' matches ANDed with the viewer's circles and slates; their billionetts'
 * entries by author) ran in ~0.8 ms where PostgreSQL planned each search afresh (~1 ms) and
 * ran that plan in ~1.3 ms.
 */
const viewerParts = new Map<string, ReturnType<typeof statementOnce<Hit>>>();
function viewerPart(codes: number[]) {
  const shape = codes.join(',');
  let part = viewerParts.get(shape);
  if (!part) {
    const me = sql.placeholder('me');
    const match = wordsMatch(posts.searchWords, sql.placeholder('words'));
    const mineAndFriends = sql`${posts.originType} = 'user' and ${posts.privacyCode} <> 1 and ${posts.authorId} = any(${friendIdsSql(me)} || ${me}::integer)`;
    part = statementOnce<Hit>(sql`
      with others as materialized (
        select * from ${posts} where ${inOrigins} and ${related(me)} and ${match}
        union all select * from ${posts} where ${mineAndFriends} and ${match}
      )
      select ${posts.id} as id, ${at} as at from others as ${posts} where ${and(featureWhere(codes, me), visibleTo(me))} ${newest} limit ${sql.placeholder('cap')}`);
    viewerParts.set(shape, part);
  }
  return part;
}

/**
 * A page of the entries matching `words` (domain/search/words.ts wordsQuery: null, a text of
 * no word, matches nothing) that pass the filter `codes` and the viewer may see.
 * `feedDb`: where the viewer's part runs and the page is hydrated — the feed's pool
 * (db/client.ts), whose one generic plan of each every search shares; on the main pool
 * PostgreSQL planned the hydration afresh each search (~3 ms of its CPU a search, more than
 * the search itself).
 * `shared`: a key naming the words and filters when neither depends on the viewer; the public
 * part's matches are then kept between members (keptPublic). Without it, read every time.
 */
export async function searchItems(
  db: Db,
  feedDb: Db,
  viewerId: number,
  words: string | null,
  codes: number[],
  page: Page,
  walk = SEARCH_WALK,
  shared?: string,
): Promise<{ rows: PostItem[]; total: number }> {
  if (words === null) return { rows: [], total: 0 };
  const offset = (page.pageNo - 1) * page.pageSize;
  // One match past the page tells the feed there is more.
  const cap = offset + page.pageSize + 1;
  const readPublic = async () => ({
    hits: await publicHits(db, wordsMatch(posts.searchWords, words), featureWhere(codes, viewerId) ?? sql`true`, cap, walk),
  });
  const [open, others] = await Promise.all([
    shared === undefined ? readPublic() : keptPublic(db, `${shared}|${cap}|${walk.first}|${walk.most}`, PUBLIC_READS, readPublic),
    viewerPart(codes)(feedDb, { me: viewerId, words, cap }),
  ]);
  // An entry of a public circle the viewer is a member of is in both parts: counted once.
  const hits = [...new Map([...open.hits, ...others].map((h) => [Number(h.id), h])).values()].sort(byNewest);
  const ids = hits.slice(offset, offset + page.pageSize).map((h) => Number(h.id));
  return { rows: await itemsByIds(feedDb, viewerId, ids), total: Math.min(cap, hits.length) };
}

/**
 * Every table a search may read — its parts with any filters, the words (search_terms), the
 * page's marks and entries — from the statements' own text, once per database: a search's
 * answer kept for its viewer (http/kept-answers.ts) is news after a write to any of them.
 */
export const searchTables = perDatabase((db): readonly string[] => {
  const all = sql`select 1 from ${posts} where ${related(0)} and ${visibleTo(0)} and ${allFiltersWhere(0)} and ${openInOrigins} and ${publicOnSuites}`;
  return [...new Set([...readTables(new PgDialect().sqlToQuery(all).sql), ...PUBLIC_READS, ...entryTables(db)])];
});
