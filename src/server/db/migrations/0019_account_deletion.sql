ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delete_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_delete_after_ix" ON "users" USING btree ("delete_after") WHERE "users"."delete_after" is not null;