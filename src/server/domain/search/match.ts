/**
 * How a searched text matches a name, in the database (migration 0007_search): both sides
 * folded by billionett_fold (unaccent + lower), so 'angstrom' finds 'Ångström'; a name
 * matches when it contains the text, or when one of its words is like it by trigrams
 * (pg_trgm's word similarity ≥ its 0.6 threshold), so 'Lindqvst' finds 'Lindqvist'.
 * Both tests use the column's GIN trigram index. Ranked: the exact name, then names (or a
 * word of them) starting with the text, then names containing it, then by likeness.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';

export type NameMatch = { where: SQL; order: SQL[] };

/** `%`, `_` and `\` typed by a member are characters, not LIKE wildcards. */
const literal = (text: string) => text.replaceAll(/[\\%_]/g, (c) => `\\${c}`);

export function nameMatch(column: AnyPgColumn, text: string): NameMatch {
  return foldedMatch(sql`billionett_fold(${column})`, text);
}

/** pg_trgm's word similarity threshold (its default; the server never changes it). */
const WORD_SIMILARITY = 0.6;

/** pg_trgm's trigrams of the folded text (show_trgm), for a cheap test before the likeness one. */
export async function trigramsOf(db: Db, text: string): Promise<string[]> {
  const [row] = await queryRows<{ grams: string[] | null }>(db, sql`select show_trgm(billionett_fold(${text}::text)) as grams`);
  return row?.grams ?? [];
}

/**
 * A test every text like the searched one passes, costing a few substring searches where
 * pg_trgm's likeness costs ~50× a LIKE per row (it rebuilds both trigram sets each call):
 * likeness ≥ 0.6 needs at least 60% of the searched trigrams in the text, and a trigram in
 * the text means its letters (padding spaces dropped) are a substring of it. So counting the
 * substrings found never counts fewer than the trigrams present: no match is lost. A trigram
 * pg_trgm keeps only as a hash (shown as 0x…, from letters outside ASCII) counts as found.
 * Null when the test cannot exclude anything (short texts).
 */
function likenessPrefilter(name: AnyPgColumn | SQL, grams: string[]): SQL | null {
  const letters = grams.filter((g) => g.length <= 3).map((g) => g.trim());
  const needed = Math.floor(WORD_SIMILARITY * grams.length) - (grams.length - letters.length);
  if (needed <= 0 || letters.length === 0) return null;
  return sql`(${sql.join(
    letters.map((l) => sql`(strpos(${name}, ${l}) > 0)::int`),
    sql` + `,
  )}) >= ${needed}`;
}

/**
 * The same match on text folded already (posts.search_text, a stored generated column).
 * With the searched text's trigrams (trigramsOf), the likeness test runs only on texts that
 * pass likenessPrefilter: entry search walks entries one by one, where that test dominated.
 */
export function foldedMatch(name: AnyPgColumn | SQL, text: string, grams?: string[]): NameMatch {
  const folded = sql`billionett_fold(${text}::text)`;
  const like = sql`billionett_fold(${literal(text)}::text)`;
  const contains = sql`${name} like '%' || ${like} || '%'`;
  const starts = sql`(${name} like ${like} || '%' or ${name} like '% ' || ${like} || '%')`;
  const prefilter = grams ? likenessPrefilter(name, grams) : null;
  // Written as the index's own operator (`name %> text`, the commutator of `text <% name`):
  // the planner then sees the recheck as the whole condition and tests it once a row, not
  // again as a filter (each test costs ~50× a LIKE).
  const likeness = sql`${name} %> ${folded}`;
  return {
    where: sql`(${contains} or ${prefilter ? sql`(${prefilter} and ${likeness})` : likeness})`,
    order: [
      sql`case when ${name} = ${folded} then 0 when ${starts} then 1 when ${contains} then 2 else 3 end`,
      sql`word_similarity(${folded}, ${name}) desc`,
    ],
  };
}
