-- Search at scale (issue 16, BUDGETS.md search/users and search/post p99 ≤ 50 ms): entry search
-- walks the newest public suite entries by their own index (routes/entries/search-repo.ts).
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (billionett_fold(display_name)) STORED;--> statement-breakpoint
CREATE INDEX "posts_public_created_ix" ON "posts" USING btree ("created_at","id") WHERE "posts"."origin_type" = 'user' and "posts"."privacy_code" = 1;--> statement-breakpoint
-- Member search reads the stored folded name (search_name above); its trigram index replaces
-- the expression index of 0007, which folded every candidate's name again on each recheck.
DROP INDEX IF EXISTS "users_name_search";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_name" ON "users" USING gin ("search_name" gin_trgm_ops);
