-- Issue 28 point 1: a certified clinic is in the register unless it chose not to be. New clinics start
-- visible; clinics that were never certified never saw a choice (the switch only showed once certified),
-- so they take the new default too. A clinic that has held a certificate keeps what it chose.
ALTER TABLE "profiles" ALTER COLUMN "is_public" SET DEFAULT true;--> statement-breakpoint
UPDATE "profiles" SET "is_public" = true
WHERE "role" = 'clinic' AND NOT "is_public"
  AND NOT EXISTS (SELECT 1 FROM "certificates" WHERE "certificates"."clinic_id" = "profiles"."id");--> statement-breakpoint
-- Issue 28 point 3: the clinic's own booking page behind "Boka en behandling"; null hides the button.
ALTER TABLE "profiles" ADD COLUMN "booking_url" text;
