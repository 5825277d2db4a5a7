CREATE TABLE "circle_dismissals" (
	"circle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "circle_dismissals_user_id_circle_id_pk" PRIMARY KEY("user_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "circle_requests" (
	"circle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_requests_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id"),
	CONSTRAINT "circle_requests_kind_ck" CHECK ("circle_requests"."kind" in ('join', 'invite'))
);
--> statement-breakpoint
CREATE TABLE "slate_dismissals" (
	"slate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "slate_dismissals_user_id_slate_id_pk" PRIMARY KEY("user_id","slate_id")
);
--> statement-breakpoint
CREATE TABLE "slate_requests" (
	"slate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slate_requests_slate_id_user_id_pk" PRIMARY KEY("slate_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "entries_privacy" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "members_privacy" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "requests_privacy" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "slates" ADD COLUMN "entries_privacy" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "slates" ADD COLUMN "members_privacy" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "slates" ADD COLUMN "requests_privacy" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_dismissals" ADD CONSTRAINT "circle_dismissals_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_dismissals" ADD CONSTRAINT "circle_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_requests" ADD CONSTRAINT "circle_requests_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_requests" ADD CONSTRAINT "circle_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slate_dismissals" ADD CONSTRAINT "slate_dismissals_slate_id_slates_id_fk" FOREIGN KEY ("slate_id") REFERENCES "public"."slates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slate_dismissals" ADD CONSTRAINT "slate_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slate_requests" ADD CONSTRAINT "slate_requests_slate_id_slates_id_fk" FOREIGN KEY ("slate_id") REFERENCES "public"."slates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slate_requests" ADD CONSTRAINT "slate_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_requests_user_ix" ON "circle_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "slate_requests_user_ix" ON "slate_requests" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_features_ck" CHECK ("circles"."entries_privacy" in (1, 2, 3) and "circles"."members_privacy" in (1, 2, 3) and "circles"."requests_privacy" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "slates" ADD CONSTRAINT "slates_features_ck" CHECK ("slates"."entries_privacy" in (1, 2, 3) and "slates"."members_privacy" in (1, 2, 3) and "slates"."requests_privacy" in (1, 2, 3));