CREATE TABLE "service_kinds" (
	"service_code" text PRIMARY KEY NOT NULL,
	"service_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" integer NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"author_id" integer NOT NULL,
	"kind_code" text NOT NULL,
	"heading" text NOT NULL,
	"description" text NOT NULL,
	"privacy_code" smallint DEFAULT 1 NOT NULL,
	"appear_on" date NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"from_place_id" text NOT NULL,
	"from_place" text NOT NULL,
	"from_lat" double precision NOT NULL,
	"from_lon" double precision NOT NULL,
	"to_place_id" text,
	"to_place" text,
	"to_lat" double precision,
	"to_lon" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_privacy_ck" CHECK ("services"."privacy_code" in (1, 2, 3)),
	CONSTRAINT "services_dates_ck" CHECK ("services"."to_date" is null or "services"."to_date" >= "services"."from_date")
);
--> statement-breakpoint
ALTER TABLE "service_media" ADD CONSTRAINT "service_media_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_kind_code_service_kinds_service_code_fk" FOREIGN KEY ("kind_code") REFERENCES "public"."service_kinds"("service_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_media_service_ix" ON "service_media" USING btree ("service_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "services_code_uq" ON "services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "services_author_ix" ON "services" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "services_appear_ix" ON "services" USING btree ("appear_on","created_at");--> statement-breakpoint
CREATE INDEX "services_kind_ix" ON "services" USING btree ("kind_code");--> statement-breakpoint
-- Distance search (hand-written: drizzle-kit does not track extensions). cube and
-- earthdistance ship with PostgreSQL's contrib and with PGlite (db/extensions.ts).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE INDEX "services_from_earth_ix" ON "services" USING gist (ll_to_earth("from_lat", "from_lon"));--> statement-breakpoint
CREATE INDEX "services_heading_search" ON "services" USING gin (billionett_fold("heading") gin_trgm_ops);
