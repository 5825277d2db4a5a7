CREATE TABLE "circle_members" (
	"circle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_members_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_code" text NOT NULL,
	"name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_code" text NOT NULL,
	"category_code" text NOT NULL,
	"category_name" text NOT NULL,
	"privacy_code" smallint DEFAULT 1 NOT NULL,
	"status_code" smallint DEFAULT 9 NOT NULL,
	"admin_id" integer NOT NULL,
	"profile_pic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circles_privacy_ck" CHECK ("circles"."privacy_code" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "slate_followers" (
	"slate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slate_followers_slate_id_user_id_pk" PRIMARY KEY("slate_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "slates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_code" text NOT NULL,
	"name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_code" text NOT NULL,
	"category_code" text NOT NULL,
	"category_name" text NOT NULL,
	"privacy_code" smallint DEFAULT 1 NOT NULL,
	"status_code" smallint DEFAULT 9 NOT NULL,
	"admin_id" integer NOT NULL,
	"profile_pic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slates_privacy_ck" CHECK ("slates"."privacy_code" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "origin_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "origin_group_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "origin_page_id" integer;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slate_followers" ADD CONSTRAINT "slate_followers_slate_id_slates_id_fk" FOREIGN KEY ("slate_id") REFERENCES "public"."slates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slate_followers" ADD CONSTRAINT "slate_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slates" ADD CONSTRAINT "slates_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_members_user_ix" ON "circle_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circles_code_uq" ON "circles" USING btree ("group_code");--> statement-breakpoint
CREATE INDEX "circles_admin_ix" ON "circles" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "slate_followers_user_ix" ON "slate_followers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slates_code_uq" ON "slates" USING btree ("page_code");--> statement-breakpoint
CREATE INDEX "slates_admin_ix" ON "slates" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_origin_group_id_circles_id_fk" FOREIGN KEY ("origin_group_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_origin_page_id_slates_id_fk" FOREIGN KEY ("origin_page_id") REFERENCES "public"."slates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_origin_group_ix" ON "posts" USING btree ("origin_group_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_origin_page_ix" ON "posts" USING btree ("origin_page_id","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_origin_ck" CHECK (("posts"."origin_type" = 'user' and "posts"."origin_user_id" is not null and "posts"."origin_group_id" is null and "posts"."origin_page_id" is null)
        or ("posts"."origin_type" = 'group' and "posts"."origin_group_id" is not null and "posts"."origin_user_id" is null and "posts"."origin_page_id" is null)
        or ("posts"."origin_type" = 'page' and "posts"."origin_page_id" is not null and "posts"."origin_user_id" is null and "posts"."origin_group_id" is null));