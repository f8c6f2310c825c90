CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"counterpart_id" uuid,
	"guest_email" text,
	"guest_name" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_recipient_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_profiles_id_fk";
--> statement-breakpoint
DROP INDEX "messages_sender_idx";--> statement-breakpoint
DROP INDEX "messages_recipient_idx";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_side_a" boolean;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
-- The messages so far (sender to recipient) go into conversations: with the team when an admin is at
-- either end, otherwise between the customer (side A) and the clinic (side B).
CREATE TEMPORARY TABLE "message_sides" ON COMMIT DROP AS
SELECT m."id",
       CASE WHEN s."role" = 'admin' THEN m."recipient_id" WHEN r."role" = 'admin' OR s."role" = 'customer' THEN m."sender_id" ELSE m."recipient_id" END AS "side_a",
       CASE WHEN s."role" = 'admin' OR r."role" = 'admin' THEN NULL WHEN s."role" = 'customer' THEN m."recipient_id" ELSE m."sender_id" END AS "side_b"
FROM "messages" m JOIN "profiles" s ON s."id" = m."sender_id" JOIN "profiles" r ON r."id" = m."recipient_id";--> statement-breakpoint
INSERT INTO "conversations" ("user_id", "counterpart_id", "last_message_at", "created_at")
SELECT ms."side_a", ms."side_b", max(m."created_at"), min(m."created_at")
FROM "message_sides" ms JOIN "messages" m ON m."id" = ms."id"
GROUP BY ms."side_a", ms."side_b";--> statement-breakpoint
UPDATE "messages" m
SET "conversation_id" = c."id",
    "from_side_a" = (m."sender_id" = c."user_id"),
    "read_at" = CASE WHEN m."is_read" THEN m."created_at" END
FROM "message_sides" ms, "conversations" c
WHERE ms."id" = m."id" AND c."user_id" = ms."side_a" AND c."counterpart_id" IS NOT DISTINCT FROM ms."side_b";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "from_side_a" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_counterpart_id_profiles_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_idx" ON "conversations" USING btree ("user_id","counterpart_id") WHERE "conversations"."counterpart_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_team_idx" ON "conversations" USING btree ("user_id") WHERE "conversations"."counterpart_id" IS NULL AND "conversations"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_user_idx" ON "conversations" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_counterpart_idx" ON "conversations" USING btree ("counterpart_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_team_inbox_idx" ON "conversations" USING btree ("last_message_at") WHERE "conversations"."counterpart_id" IS NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","from_side_a") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "recipient_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "is_read";