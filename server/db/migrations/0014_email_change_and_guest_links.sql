CREATE TABLE "guest_thread_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "conversations_guest_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guest_unconfirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_thread_tokens" ADD CONSTRAINT "guest_thread_tokens_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_thread_tokens_conversation_idx" ON "guest_thread_tokens" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_change_token_hash_idx" ON "users" USING btree ("email_change_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_guest_idx" ON "conversations" USING btree ("guest_email") WHERE "conversations"."user_id" IS NULL AND NOT "conversations"."guest_unconfirmed";