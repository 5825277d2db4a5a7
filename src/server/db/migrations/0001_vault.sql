CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"image_type" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notify_settings" (
	"user_id" integer NOT NULL,
	"feature_code" text NOT NULL,
	"notify" text NOT NULL,
	CONSTRAINT "user_notify_settings_user_id_feature_code_pk" PRIMARY KEY("user_id","feature_code"),
	CONSTRAINT "user_notify_settings_notify_ck" CHECK ("user_notify_settings"."notify" in ('Yes', 'No'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "educations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "educations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"education_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"institute_code" text NOT NULL,
	"course_code" text NOT NULL,
	"location_code" text NOT NULL,
	"graduated" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"privacy_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "educations_graduated_ck" CHECK ("educations"."graduated" in ('Yes', 'No')),
	CONSTRAINT "educations_end_ck" CHECK ("educations"."end_date" is null or "educations"."end_date" >= "educations"."start_date")
);
--> statement-breakpoint
CREATE TABLE "institutes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "works_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"work_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"company_code" text NOT NULL,
	"position_code" text NOT NULL,
	"location_code" text NOT NULL,
	"working" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"privacy_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "works_working_ck" CHECK ("works"."working" in ('Yes', 'No')),
	CONSTRAINT "works_end_ck" CHECK (("works"."working" = 'Yes' and "works"."end_date" is null) or ("works"."working" = 'No' and "works"."end_date" >= "works"."start_date"))
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notify_settings" ADD CONSTRAINT "user_notify_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_institute_code_institutes_code_fk" FOREIGN KEY ("institute_code") REFERENCES "public"."institutes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_course_code_courses_code_fk" FOREIGN KEY ("course_code") REFERENCES "public"."courses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "educations" ADD CONSTRAINT "educations_privacy_code_privacies_privacy_code_fk" FOREIGN KEY ("privacy_code") REFERENCES "public"."privacies"("privacy_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_position_code_positions_code_fk" FOREIGN KEY ("position_code") REFERENCES "public"."positions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_location_code_locations_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_privacy_code_privacies_privacy_code_fk" FOREIGN KEY ("privacy_code") REFERENCES "public"."privacies"("privacy_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_type_name_uq" ON "media" USING btree ("image_type","file_name");--> statement-breakpoint
CREATE INDEX "media_owner_ix" ON "media" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "educations_education_code_uq" ON "educations" USING btree ("education_code");--> statement-breakpoint
CREATE INDEX "educations_user_ix" ON "educations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "works_work_code_uq" ON "works" USING btree ("work_code");--> statement-breakpoint
CREATE INDEX "works_user_ix" ON "works" USING btree ("user_id");