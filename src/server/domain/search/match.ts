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

export type NameMatch = { where: SQL; order: SQL[] };

/** `%`, `_` and `\` typed by a member are characters, not LIKE wildcards. */
const literal = (text: string) => text.replaceAll(/[\\%_]/g, (c) => `\\${c}`);

export function nameMatch(column: AnyPgColumn, text: string): NameMatch {
  return foldedMatch(sql`billionett_fold(${column})`, text);
}

/** The same match on a name folded already (users.search_name, a stored generated column). */
export function foldedMatch(name: AnyPgColumn | SQL, text: string): NameMatch {
  const folded = sql`billionett_fold(${text}::text)`;
  const like = sql`billionett_fold(${literal(text)}::text)`;
  const contains = sql`${name} like '%' || ${like} || '%'`;
  const starts = sql`(${name} like ${like} || '%' or ${name} like '% ' || ${like} || '%')`;
  // Written as the index's own operator (`name %> text`, the commutator of `text <% name`):
  // the planner then sees the recheck as the whole condition and tests it once a row, not
  // again as a filter (each test costs ~50× a LIKE).
  const likeness = sql`${name} %> ${folded}`;
  return {
    where: sql`(${contains} or ${likeness})`,
    order: [
      sql`case when ${name} = ${folded} then 0 when ${starts} then 1 when ${contains} then 2 else 3 end`,
      sql`word_similarity(${folded}, ${name}) desc`,
    ],
  };
}
