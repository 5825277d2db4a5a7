CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"signs" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
