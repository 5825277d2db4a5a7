import { z } from 'zod';
import { PAGE_SIZE } from './codes';
import { pageQuery } from './envelope';
import { circleCard, slateCard } from './circles';
import { connectionCard } from './friends';
import { MESSAGES } from './rules';

/**
 * Global search (spec/calls.md "Search", spec/product.md §2.2 search mode): members,
 * circles and slates by name, 16 a page, from 2 characters. Matching is the database's
 * (pg_trgm + unaccent, server domain/search): accents and case folded, a typo tolerated,
 * ranked exact name first, then names starting with the text (or a word of them that
 * does), then the rest by likeness. Privacy: a circle or slate the searcher may not read is
 * not found, and it counts nowhere.
 *
 * Answers (JSON envelope): code 0 and `data.searchedUsers` | `searchedGroups` |
 * `searchedPages` with `totalRecords`; nothing found answers code 404 'Nothing found.'
 * with an empty list (spec: a non-zero search code shows the no-result state).
 */
export const SEARCH_PATHS = {
  users: (keyword: string) => `search/users/${encodeURIComponent(keyword)}`,
  /** GET ?keyword=…&pageNo=… */
  groups: 'search/groups',
  /** GET ?keyword=…&pageNo=… */
  pages: 'search/pages',
} as const;

export const SEARCH_MIN = 2;
export const SEARCH_PAGE_SIZE = PAGE_SIZE.search;
export const SEARCH_CODE_OK = 0;
export const SEARCH_CODE_NONE = 404;

const keyword = z.string().trim().min(SEARCH_MIN, MESSAGES.searchTooShort).max(100);
export const userSearchParams = z.object({ keyword });
export const searchQuery = pageQuery.extend({ keyword });
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchedUsers = z.object({ searchedUsers: z.array(connectionCard) });
export const searchedGroups = z.object({ searchedGroups: z.array(circleCard) });
export const searchedPages = z.object({ searchedPages: z.array(slateCard) });
