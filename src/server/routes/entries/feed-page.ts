/**
 * A feed page (home, a suite, a circle, a slate, the archive; with the shortcut filters) in
 * two statements, each built once per database and shape and then only run (BUDGETS.md: feed
 * p99 ≤ 50 ms at 500 requests/s):
 *
 * 1. the page's ids and the total: the mode's WHERE and visibility over `posts` alone;
 * 2. those entries hydrated (read-repo.ts selectRows), by id — one statement for every mode.
 *
 * Why two, where one statement did both before: that one joined ten tables around five
 * uncorrelated subqueries, and PostgreSQL planned it afresh on every run (its custom plans
 * won over a generic one, the page's limit and offset being parameters): 3.5–13 ms of
 * planning a page, more than running it. Each half is small, and on PostgreSQL both run on
 * the feed's pool, which keeps one generic plan per statement (db/client.ts feedDb: left to
 * itself PostgreSQL still re-planned the hydration every run). And both are built once: drizzle building the statement and
 * its hundred parameters cost ~1 ms of the server's CPU a page. The viewer, the mode's
 * target, the limit and the offset are placeholders, so one text serves every member.
 *
 * Visibility and privacy are exactly as before: the page's ids pass visibleTo, and so do the
 * rows hydrated (and the originals of shares), in the same statements' WHERE.
 */
import { createHash } from 'node:crypto';
import { and, desc, sql } from 'drizzle-orm';
import type { PostItem } from '../../../contract/entries';
import { perDatabase, type Db } from '../../db/client';
import { keptUntilWritten, readTables } from '../../db/write-clock';
import { posts } from '../../db/schema/entries';
import { visibleTo } from '../../policy/visibility';
import { FEED_MODES, featureWhere, type FeedMode } from './feed-where';
import { selectRows, toItems, type Page, type Row } from './read-repo';

const me = sql.placeholder('me');
const target = sql.placeholder('target');

/** The values every statement here is run with; `target` is the suite's owner, the circle or the slate. */
type Values = { me: number; target: number; limit: number; offset: number; ids: string };

/** PostgreSQL refuses one name for two texts on a connection, so the name is the shape's; hashed, as names past 63 bytes are cut. */
const statementName = (shape: string) => `feed_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;

/** `alsoReads`: the hydration's tables, so `tables` is all a page of this shape reads. */
function pageStatement(db: Db, mode: FeedMode, codes: number[], alsoReads: readonly string[]) {
  const where = and(FEED_MODES[mode](me, target), featureWhere(codes, me), visibleTo(me));
  const name = statementName(`${mode}_${codes.join('_')}`);
  // The total rides along (a window over the matching rows, counted once, before the limit).
  const ids = db
    .select({ id: posts.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return {
    ids: ids.prepare(name),
    // Past the last page no row carries the total.
    count: db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where).prepare(`${name}_n`),
    tables: [...new Set([...readTables(ids.toSQL().sql), ...alsoReads])],
  };
}

/** The visible entries with these ids, newest first: `ids` an integer array literal, one text for any number. */
function hydrateStatement(db: Db) {
  const rows = selectRows(db, me, and(sql`${posts.id} = any(${sql.placeholder('ids')}::integer[])`, visibleTo(me)));
  return { rows: rows.prepare('feed_by_ids'), tables: readTables(rows.toSQL().sql) };
}

const statementsOf = perDatabase((db) => ({ hydrate: hydrateStatement(db), pages: new Map<string, ReturnType<typeof pageStatement>>() }));

const NO_VALUES: Values = { me: 0, target: 0, limit: 0, offset: 0, ids: '{}' };

/** The visible entries with these ids, newest first, hydrated. */
function rowsByIds(db: Db, viewerId: number, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return statementsOf(db).hydrate.rows.execute({ ...NO_VALUES, me: viewerId, ids: `{${ids.join(',')}}` });
}

/** The visible entries with these ids, newest first, as feed items (search-repo.ts pages by id). */
export async function itemsByIds(db: Db, viewerId: number, ids: number[]): Promise<PostItem[]> {
  return toItems(await rowsByIds(db, viewerId, ids), (shared) => rowsByIds(db, viewerId, shared));
}

type FeedPage = { rows: PostItem[]; total: number };

/**
 * Pages read, kept while the embedded database's write clock stands still (db/write-clock.ts):
 * a kept page is exactly what reading it again would give, so a member's sync worker pulling
 * the same pages again, or a member coming back to the feed, is answered without the
 * database. At most 2,000 pages (~5–10 KB each).
 */
const keptPage = keptUntilWritten<FeedPage>(2000);

/** One page of a feed mode, with the filter codes as sent, and the total of its entries. */
export async function listItems(db: Db, viewerId: number, feed: { mode: FeedMode; codes: number[]; target?: number }, page: Page): Promise<FeedPage> {
  // The same filters in any order or repeated are one shape: at most 2⁷ shapes a mode.
  const codes = [...new Set(feed.codes)].sort((a, b) => a - b);
  const shape = `${feed.mode}_${codes.join('_')}`;
  const key = `${viewerId}:${shape}:${feed.target ?? 0}:${page.pageNo}:${page.pageSize}`;
  const { hydrate, pages } = statementsOf(db);
  let statement = pages.get(shape);
  if (!statement) pages.set(shape, (statement = pageStatement(db, feed.mode, codes, hydrate.tables)));
  // What the page's statements read, taken from their own text: a write to any of them is news.
  return keptPage(db, key, statement.tables, () => readPage(db, viewerId, statement, feed, page));
}

async function readPage(db: Db, viewerId: number, statement: ReturnType<typeof pageStatement>, feed: { target?: number }, page: Page): Promise<FeedPage> {
  const values: Values = { ...NO_VALUES, me: viewerId, target: feed.target ?? 0, limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize };
  const found = await statement.ids.execute(values);
  const total = found[0]?.total ?? (page.pageNo > 1 ? ((await statement.count.execute(values))[0]?.n ?? 0) : 0);
  return { rows: await itemsByIds(db, viewerId, found.map((f) => f.id)), total };
}
