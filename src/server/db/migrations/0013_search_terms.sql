CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, billionett_fold(description))) STORED;--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_text";--> statement-breakpoint
-- Entry search by words (issue 16, BUDGETS.md search/post p99 ≤ 50 ms over a million entries):
-- the trigram likeness of a whole searched phrase made the trigram index hand back thousands
-- of candidates to recheck at ~8 µs each. Now each searched word is looked up in the term
-- dictionary (search_terms, trigram-indexed: typos tolerated there), and the entries holding
-- those exact words come from GIN indexes over search_words, partial along the privacy model
-- as the trigram indexes were (routes/entries/search-repo.ts). Those went with search_text.
CREATE INDEX "posts_words_public" ON "posts" USING gin ("search_words") WHERE "origin_type" = 'user' AND "privacy_code" = 1;--> statement-breakpoint
CREATE INDEX "posts_words_origins" ON "posts" USING gin ("search_words") WHERE "origin_type" <> 'user';--> statement-breakpoint
CREATE INDEX "search_terms_alike" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- The dictionary learns every word an entry brings, in one statement per insert or update
-- (a bulk insert pays once). Terms are inserted in order, so two entries bringing the same new
-- words at once wait for each other instead of deadlocking.
CREATE FUNCTION "search_terms_learn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM learnt, unnest(tsvector_to_array(learnt.search_words)) AS w ORDER BY w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Transition tables allow one event a trigger, and no column list: an update that leaves the
-- text alone finds its words known already.
CREATE TRIGGER "posts_search_terms_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS learnt FOR EACH STATEMENT EXECUTE FUNCTION search_terms_learn();--> statement-breakpoint
CREATE TRIGGER "posts_search_terms_update" AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS learnt FOR EACH STATEMENT EXECUTE FUNCTION search_terms_learn();--> statement-breakpoint
INSERT INTO "search_terms" ("term")
  SELECT DISTINCT w FROM "posts", unnest(tsvector_to_array("posts"."search_words")) AS w ORDER BY w
  ON CONFLICT DO NOTHING;
