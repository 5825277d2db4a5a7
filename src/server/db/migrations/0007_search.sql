-- Global search (issue 16): accents and case folded, typos tolerated, by trigram indexes.
-- pg_trgm and unaccent ship with PostgreSQL's contrib and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it; with
-- the dictionary named, the fold is a pure function of its text and may be IMMUTABLE.
CREATE OR REPLACE FUNCTION billionett_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_search" ON "users" USING gin (billionett_fold("display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "circles_name_search" ON "circles" USING gin (billionett_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "slates_name_search" ON "slates" USING gin (billionett_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_description_search" ON "posts" USING gin (billionett_fold("description") gin_trgm_ops);
