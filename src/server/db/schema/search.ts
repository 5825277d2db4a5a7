/**
 * Search's term dictionary: every distinct word of every entry (posts.search_words), kept by
 * a trigger on posts (migration 0013). Entry search looks up the words like a searched word
 * here (a trigram index over a few hundred thousand words at most), then asks the entries'
 * word indexes for exactly those words: a typo is tolerated without comparing the searched
 * text with every candidate entry. A word whose last entry is gone stays: it only adds a
 * word that finds nothing.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';

export const searchTerms = pgTable('search_terms', {
  term: text('term').primaryKey(),
});
