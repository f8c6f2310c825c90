ALTER TABLE "profiles" ADD COLUMN "application_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "application_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "denial_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cover_image_path" text;