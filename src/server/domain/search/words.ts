/**
 * How a searched text matches an entry (migration 0013): by words. The text is folded and
 * split as entries' words are (billionett_fold, then PostgreSQL's 'simple' parser); an entry
 * matches when, for every searched word, one of its words starts with it or is like it by
 * trigrams (pg_trgm's word similarity ≥ 0.6, as member search: 'harbor' finds 'harbour',
 * 'Norebrogade' finds 'Nørrebrogade'). The words like it are looked up once in the term
 * dictionary (search_terms, its trigram index), so the match itself is a full-text query of
 * exact words and prefixes: tested in a microsecond on a walked entry, answered by the GIN
 * index of search_words otherwise — no entry is ever compared by likeness.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryPrepared, type Db } from '../../db/client';
import { keptUntilWritten } from '../../db/write-clock';

/**
 * The dictionary words taken as like one searched word, the likest first. A bound, so a
 * short common word cannot turn into a query of thousands of words; words starting with
 * the searched one are all taken by its prefix, beyond this bound.
 */
export const ALIKE_WORDS = 24;
/** Shorter words are matched as prefixes alone: two letters have too few trigrams to be like anything. */
const ALIKE_FROM = 3;

/** A lexeme quoted for tsquery input: quotes and backslashes doubled. */
const lexeme = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * The full-text query for `text`: its words, each as `'word':* | 'alike' | …`, all required.
 * Null when the text holds no word (punctuation alone): nothing matches it.
 */
export async function wordsQuery(db: Db, text: string): Promise<string | null> {
  return (await keptQuery(db, text, LEARNT_FROM, async () => ({ query: await readWordsQuery(db, text) }))).query;
}

/**
 * The dictionary grows from entries (migration 0013: a trigger on posts writes search_terms,
 * which the embedded clock, reading statements, cannot see): so a query is kept until either
 * is written. Members search the same few words again and again (and page on through them).
 */
const LEARNT_FROM = ['posts', 'search_terms'];
const keptQuery = keptUntilWritten<{ query: string | null }>(1000);

async function readWordsQuery(db: Db, text: string): Promise<string | null> {
  const words = await queryPrepared<{ word: string; alike: string[] }>(
    db,
    sql`
      select w.word, array(
        select t.term from search_terms t
        where length(w.word) >= ${ALIKE_FROM} and t.term %> w.word and not starts_with(t.term, w.word)
        order by word_similarity(w.word, t.term) desc, t.term limit ${ALIKE_WORDS}
      ) as alike
      from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, billionett_fold(${text}::text)))) as w(word)`,
  );
  if (words.length === 0) return null;
  return words.map(({ word, alike }) => `(${[`${lexeme(word)}:*`, ...alike.map(lexeme)].join(' | ')})`).join(' & ');
}

/** The match of an entries' words column (posts.search_words) for a query from wordsQuery (or a placeholder for one). */
export const wordsMatch = (column: AnyPgColumn | SQL, query: string | Placeholder | null): SQL => (query === null ? sql`false` : sql`${column} @@ ${query}::tsquery`);
