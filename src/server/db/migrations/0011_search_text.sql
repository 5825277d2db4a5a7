-- Entry search (issue 16) reads the stored folded text: a search's recheck compares stored
-- text instead of folding every candidate again. Its trigram indexes are partial, along the
-- privacy model (routes/entries/read-repo.ts searchItems): entries everyone may read on a
-- member's suite, and entries in circles and slates; a viewer's own and billionetts'
-- entries are found by author. A search then fetches only rows that can be visible.
ALTER TABLE "posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (billionett_fold(description)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "posts_description_search";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_search_public" ON "posts" USING gin ("search_text" gin_trgm_ops) WHERE "origin_type" = 'user' AND "privacy_code" = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_search_origins" ON "posts" USING gin ("search_text" gin_trgm_ops) WHERE "origin_type" <> 'user';
