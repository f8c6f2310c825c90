CREATE TABLE "message_email_notices" (
	"conversation_id" uuid NOT NULL,
	"to_side_a" boolean NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_email_notices_conversation_id_to_side_a_day_pk" PRIMARY KEY("conversation_id","to_side_a","day")
);
--> statement-breakpoint
ALTER TABLE "message_email_notices" ADD CONSTRAINT "message_email_notices_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_guest_idx" ON "conversations" USING btree ("guest_email") WHERE "conversations"."user_id" IS NULL;