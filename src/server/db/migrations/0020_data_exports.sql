CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"link_hash" text,
	"link_expires_at" timestamp with time zone,
	"snapshot" json,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "data_exports_status_ck" CHECK ("data_exports"."status" in ('queued', 'building', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_user_ux" ON "data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_link_ux" ON "data_exports" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "data_exports_pending_ix" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" in ('queued', 'building');