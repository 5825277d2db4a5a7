/**
 * A feed page (home, a suite, a circle, a slate, the archive; with the shortcut filters),
 * each statement built once per database and shape and then only run (BUDGETS.md: feed p99
 * ≤ 50 ms at 500 requests/s):
 *
 * 1. the page: its entries' ids, the total, and the viewer's own marks on them (their vote,
 *    their rating, saved) — the mode's WHERE and visibility over `posts`;
 * 2. for a share on the page, the viewer's marks on its original, which must pass visibleTo
 *    too (a share of an entry the viewer may not see shows no original);
 * 3. the entries themselves (read-repo.ts selectEntries: author, origin, counts, gallery,
 *    tags…), by id — only those not kept from an earlier page (entriesKept below).
 *
 * Why the entries are kept apart from the pages: what an entry shows is the same for every
 * viewer but its marks, and the same entries fill many members' pages (a billionett's newest
 * entries are on each of their billionetts' home, a searched word's newest matches on every
 * searcher's page). Reading them was most of a page's cost (ten correlated subqueries and
 * eight joins an entry); kept, a page from the database is one small statement. Who may see
 * an entry is never kept: statement 1 (or 2) decides it at every read, and only the ids it
 * answers are looked up — a kept row holds no access of its own.
 *
 * Why the statements are built once: drizzle building one and its hundred parameters cost
 * ~1 ms of the server's CPU a page, and PostgreSQL planned the old single statement afresh
 * on every run (3.5–13 ms). On PostgreSQL they run on the feed's pool, which keeps one generic
 * plan per statement (db/client.ts feedDb). The viewer, the mode's target, the limit and the
 * offset are placeholders, so one text serves every member.
 */
import { createHash } from 'node:crypto';
import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { PostItem } from '../../../contract/entries';
import { perDatabase, type Db } from '../../db/client';
import { readTables, rowsKeptUntilWritten } from '../../db/write-clock';
import { posts } from '../../db/schema/entries';
import { visibleTo } from '../../policy/visibility';
import { FEED_MODES, featureWhere, filterShape, type FeedMode } from './feed-where';
import { entryOf, selectEntries, toItems, viewerMarks, type EntryRow, type Marks, type Page, type Row } from './read-repo';

const me = sql.placeholder('me');
const target = sql.placeholder('target');

/** The values every statement here is run with; `target` is the suite's owner, the circle or the slate. */
type Values = { me: number; target: number; limit: number; offset: number; ids: string };

/** PostgreSQL refuses one name for two texts on a connection, so the name is the shape's; hashed, as names past 63 bytes are cut. */
const statementName = (shape: string) => `feed_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;

/**
 * Visibility tested on the rows the mode's WHERE picked, never used to pick them. Left an OR
 * over posts' columns, PostgreSQL may AND a bitmap for it into the mode's own: a suite arm
 * implies the predicate of the partial search index posts_words_public (every public suite
 * entry: 600,000 at 100,000 members), and its generic plan did so once the home WHERE changed
 * (166 ms a page). `is true` keeps the same rows (a null is not true either) and is no OR.
 */
const fenced = (condition: SQL) => sql`(${condition}) is true`;

/** `alsoReads`: the tables of the page's other statements, so `tables` is all a page of this shape reads. */
function pageStatement(db: Db, mode: FeedMode, codes: number[], alsoReads: readonly string[]) {
  const where = and(FEED_MODES[mode](me, target), featureWhere(codes, me), fenced(visibleTo(me)));
  const name = statementName(`${mode}_${codes.join('_')}`);
  // The total rides along (a window over the matching rows, counted once, before the limit);
  // the marks are read in the outer select, for the page's rows alone.
  const page = db
    .select({ id: posts.id, createdAt: posts.createdAt, sharedPostId: posts.sharedPostId, total: sql<number>`count(*) over ()`.as('total') })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const ids = db
    .select({ id: page.id, sharedPostId: page.sharedPostId, total: sql<number>`${page.total}`.mapWith(Number), ...viewerMarks(me, page.id) })
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id));
  return {
    ids: ids.prepare(name),
    // Past the last page no row carries the total.
    count: db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where).prepare(`${name}_n`),
    tables: [...new Set([...readTables(ids.toSQL().sql), ...alsoReads])],
  };
}

const byIds = sql`${posts.id} = any(${sql.placeholder('ids')}::integer[])`;

/** The entries' own statements: the viewer's marks on the visible ones among some ids; the entries by id. */
function entryStatements(db: Db) {
  const marks = db
    .select({ id: posts.id, sharedPostId: posts.sharedPostId, ...viewerMarks(me) })
    .from(posts)
    .where(and(byIds, visibleTo(me)));
  // No visibleTo: only ids a statement with visibleTo answered are ever asked for.
  const entries = selectEntries(db, byIds);
  return {
    marks: marks.prepare('feed_marks'),
    entries: entries.prepare('feed_entries'),
    marksTables: readTables(marks.toSQL().sql),
    entryTables: readTables(entries.toSQL().sql),
  };
}

const statementsOf = perDatabase((db) => ({ entry: entryStatements(db), pages: new Map<string, ReturnType<typeof pageStatement>>() }));

const NO_VALUES: Values = { me: 0, target: 0, limit: 0, offset: 0, ids: '{}' };
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Entries as every viewer is shown them, kept while none of their tables is written
 * (db/write-clock.ts): ~1 KB each, at most 20,000 (the newest entries of a large
 * community's active members; a page names five).
 */
const entriesKept = rowsKeptUntilWritten<number, EntryRow>(20_000);

/** An entry picked for the viewer: its id, what it shares, and the viewer's marks on it. */
type Picked = Marks & { id: number; sharedPostId: number | null };

/** The picked entries (a page, in order) as feed items, with the originals of its shares. */
async function itemsOf(db: Db, viewerId: number, picked: Picked[]): Promise<PostItem[]> {
  if (picked.length === 0) return [];
  const { entry } = statementsOf(db);
  const shared = [...new Set(picked.flatMap((p) => (p.sharedPostId === null ? [] : [p.sharedPostId])))];
  // The originals the viewer may see, with their marks; an original they may not see is left out.
  const originals: Picked[] = shared.length > 0 ? await entry.marks.execute({ ...NO_VALUES, me: viewerId, ids: idArray(shared) }) : [];
  const entries = await entriesKept(db, [...picked, ...originals].map((p) => p.id), entry.entryTables, async (missing) => {
    const rows = (await entry.entries.execute({ ...NO_VALUES, ids: idArray(missing) })).map(entryOf);
    return new Map(rows.map((r) => [r.id, r]));
  });
  // An entry deleted since it was picked is gone from `entries`: left out, as a hidden one.
  const rows = (list: Picked[]): Row[] => list.flatMap((p) => {
    const found = entries.get(p.id);
    return found ? [{ entry: found, marks: p }] : [];
  });
  const originalRows = rows(originals);
  return toItems(rows(picked), async () => originalRows);
}

/** What itemsByIds reads: the marks' and the entries' tables. */
export const entryTables = (db: Db): readonly string[] => {
  const { entry } = statementsOf(db);
  return [...entry.marksTables, ...entry.entryTables];
};

/** The visible entries with these ids, in this order, as feed items (search-repo.ts pages by id). */
export async function itemsByIds(db: Db, viewerId: number, ids: number[]): Promise<PostItem[]> {
  if (ids.length === 0) return [];
  const marks = await statementsOf(db).entry.marks.execute({ ...NO_VALUES, me: viewerId, ids: idArray(ids) });
  const byId = new Map(marks.map((m) => [m.id, m]));
  return itemsOf(db, viewerId, ids.flatMap((id) => byId.get(id) ?? []));
}

type FeedPage = { rows: PostItem[]; total: number };
type Feed = { mode: FeedMode; codes: number[]; target?: number };

/** The page statement of a feed's mode and filter shape, built once per database. */
function statementFor(db: Db, mode: FeedMode, codes: number[]) {
  const shape = `${mode}_${codes.join('_')}`;
  const { entry, pages } = statementsOf(db);
  let statement = pages.get(shape);
  if (!statement) pages.set(shape, (statement = pageStatement(db, mode, codes, [...entry.marksTables, ...entry.entryTables])));
  return statement;
}

/**
 * One page of a feed mode for a viewer, with the filter codes as sent: what its answer depends
 * on, and its read. The key (viewer, mode, filters as they shape the statement, target, page)
 * names the rest; `tables` are those its statements read, from their own text: a write to any
 * of them is news (the routes keep answers by both: http/kept-answers.ts). `read` answers the
 * page's items and the total of its entries.
 */
export function feedPage(db: Db, viewerId: number, feed: Feed, page: Page) {
  const codes = filterShape(feed.codes);
  const statement = statementFor(db, feed.mode, codes);
  return {
    key: `${viewerId}:${feed.mode}_${codes.join('_')}:${feed.target ?? 0}:${page.pageNo}:${page.pageSize}`,
    tables: statement.tables,
    read: (): Promise<FeedPage> => readPage(db, viewerId, statement, feed, page),
  };
}

/** One page of a feed mode (feedPage's read alone). */
export const listItems = (db: Db, viewerId: number, feed: Feed, page: Page): Promise<FeedPage> => feedPage(db, viewerId, feed, page).read();

async function readPage(db: Db, viewerId: number, statement: ReturnType<typeof pageStatement>, feed: { target?: number }, page: Page): Promise<FeedPage> {
  const values: Values = { ...NO_VALUES, me: viewerId, target: feed.target ?? 0, limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize };
  const found = await statement.ids.execute(values);
  const total = found[0]?.total ?? (page.pageNo > 1 ? ((await statement.count.execute(values))[0]?.n ?? 0) : 0);
  return { rows: await itemsOf(db, viewerId, found), total };
}
