/**
 * The PostgreSQL extensions the migrations create (0007_search: pg_trgm, unaccent;
 * 0008_barter: cube, earthdistance). Postgres ships them in contrib; PGlite must be handed
 * their builds when it opens a database, and a restored backup needs them as much as the
 * live one.
 */
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, cube, earthdistance };
