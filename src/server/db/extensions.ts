/**
 * The PostgreSQL extensions the migrations create (0007_search: pg_trgm, unaccent). Postgres
 * ships them in contrib; PGlite must be handed their builds when it opens a database, and a
 * restored backup needs them as much as the live one.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };
