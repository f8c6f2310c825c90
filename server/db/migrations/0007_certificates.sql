CREATE TYPE "public"."certificate_status" AS ENUM('active', 'expired', 'withdrawn');--> statement-breakpoint
CREATE SEQUENCE "public"."certificate_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"clinic_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" "certificate_status" DEFAULT 'active' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_reason" text
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_idx" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE INDEX "certificates_clinic_idx" ON "certificates" USING btree ("clinic_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_active_idx" ON "certificates" USING btree ("clinic_id") WHERE "certificates"."status" = 'active';--> statement-breakpoint
-- Clinics certified before certificates existed get theirs, issued on their certification day.
INSERT INTO "certificates" ("number", "clinic_id", "valid_from", "valid_to", "issued_at")
SELECT 'CK-' || to_char(issued AT TIME ZONE 'Europe/Stockholm', 'YYYY') || '-' || lpad(nextval('certificate_number_seq')::text, 6, '0'),
       "id",
       (issued AT TIME ZONE 'Europe/Stockholm')::date,
       make_date(extract(year FROM issued AT TIME ZONE 'Europe/Stockholm')::int, 12, 31),
       issued
FROM (
  SELECT "id", coalesce("certified_at", now()) AS issued
  FROM "profiles"
  WHERE "role" = 'clinic' AND "is_certified"
  ORDER BY coalesce("certified_at", now()), "id"
) AS certified;
