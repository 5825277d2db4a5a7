CREATE TABLE "activation_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"plan_code" text NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_code" text NOT NULL,
	"email" text,
	"mobile" text,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"display_name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"about" text DEFAULT '' NOT NULL,
	"profession_code" text DEFAULT '' NOT NULL,
	"location_name" text DEFAULT '' NOT NULL,
	"plan_code" text NOT NULL,
	"profile_dp" text,
	"privacy_code" integer DEFAULT 1 NOT NULL,
	"roles" text[] DEFAULT ARRAY['member']::text[] NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_gender_ck" CHECK ("users"."gender" in ('Male', 'Female', 'Other')),
	CONSTRAINT "users_login_ck" CHECK ("users"."email" is not null or "users"."mobile" is not null)
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendships_user_a_user_b_pk" PRIMARY KEY("user_a","user_b"),
	CONSTRAINT "friendships_order_ck" CHECK ("friendships"."user_a" < "friendships"."user_b")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"member_id" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "dev_mail" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dev_mail_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emojis" (
	"emoji_code" text PRIMARY KEY NOT NULL,
	"emoji_type" text NOT NULL,
	"emoji_name" text NOT NULL,
	"emoji_display" text NOT NULL,
	"emoji_icon" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacies" (
	"privacy_code" integer PRIMARY KEY NOT NULL,
	"privacy_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professions" (
	"profession_code" text PRIMARY KEY NOT NULL,
	"profession_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"news_code" text PRIMARY KEY NOT NULL,
	"news_heading" text NOT NULL,
	"news_reference" text NOT NULL,
	"news_type_name" text NOT NULL,
	"primary_image" text,
	"small_image" text,
	"last_updated_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"plan_code" text NOT NULL,
	"feature_code" text NOT NULL,
	"feature_name" text NOT NULL,
	"feature_value" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "plan_features_plan_code_feature_code_pk" PRIMARY KEY("plan_code","feature_code")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"plan_code" text PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"duration" text NOT NULL,
	"duration_months" integer NOT NULL,
	"storage_mb" integer NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_privacy_settings" (
	"user_id" integer NOT NULL,
	"feature_code" text NOT NULL,
	"privacy_code" integer NOT NULL,
	CONSTRAINT "user_privacy_settings_user_id_feature_code_pk" PRIMARY KEY("user_id","feature_code")
);
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_plan_code_plans_plan_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("plan_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_plan_code_plans_plan_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("plan_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_plan_code_plans_plan_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("plan_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privacy_settings" ADD CONSTRAINT "user_privacy_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privacy_settings" ADD CONSTRAINT "user_privacy_settings_privacy_code_privacies_privacy_code_fk" FOREIGN KEY ("privacy_code") REFERENCES "public"."privacies"("privacy_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_codes_unused_ix" ON "activation_codes" USING btree ("plan_code") WHERE "activation_codes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "reset_tokens_user_ix" ON "reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_code_uq" ON "users" USING btree ("user_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "friendships_user_b_ix" ON "friendships" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "news_updated_ix" ON "news" USING btree ("last_updated_time");