ALTER TABLE "chat_messages" ADD COLUMN "call_kind" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "call_outcome" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "call_seconds" integer;