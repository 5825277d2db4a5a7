-- Search at scale (issue 16, BUDGETS.md search/users and search/post p99 ≤ 50 ms): entry search
-- walks the newest public suite entries by their own index (routes/entries/search-repo.ts).
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (billionett_fold(display_name)) STORED;--> statement-breakpoint
CREATE INDEX "posts_public_created_ix" ON "posts" USING btree ("created_at","id") WHERE "posts"."origin_type" = 'user' and "posts"."privacy_code" = 1;--> statement-breakpoint
-- Member search reads the stored folded name (search_name above); its trigram index replaces
-- the expression index of 0007, which folded every candidate's name again on each recheck.
DROP INDEX IF EXISTS "users_name_search";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_name" ON "users" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- pg_trgm's likeness tests rebuild both trigram sets on every call, ~50× the cost of a LIKE,
-- yet are declared at the default cost of 1: on a large table the planner then chose to scan
-- every member with the test rather than ask the trigram index (1.2 s instead of ms).
ALTER FUNCTION word_similarity_op(text, text) COST 50;--> statement-breakpoint
ALTER FUNCTION word_similarity_commutator_op(text, text) COST 50;
