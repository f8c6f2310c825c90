CREATE TYPE "public"."review_decision" AS ENUM('approved', 'denied');--> statement-breakpoint
CREATE TYPE "public"."submission_kind" AS ENUM('application', 'renewal');--> statement-breakpoint
CREATE TABLE "clinic_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" "review_decision",
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "clinic_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" "submission_kind" NOT NULL,
	"snapshot" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" "review_decision",
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "clinic_documents" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_documents" ADD COLUMN "removal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinic_change_requests" ADD CONSTRAINT "clinic_change_requests_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_change_requests" ADD CONSTRAINT "clinic_change_requests_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_submissions" ADD CONSTRAINT "clinic_submissions_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_submissions" ADD CONSTRAINT "clinic_submissions_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_change_requests_one_open_idx" ON "clinic_change_requests" USING btree ("clinic_id") WHERE "clinic_change_requests"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "clinic_change_requests_open_idx" ON "clinic_change_requests" USING btree ("created_at") WHERE "clinic_change_requests"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "clinic_submissions_clinic_idx" ON "clinic_submissions" USING btree ("clinic_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_submissions_one_open_idx" ON "clinic_submissions" USING btree ("clinic_id") WHERE "clinic_submissions"."decision" IS NULL;--> statement-breakpoint
-- Applications and renewals that wait for an admin today get their snapshot from their current values.
INSERT INTO "clinic_submissions" ("clinic_id", "kind", "snapshot", "submitted_at")
SELECT p."id",
  (CASE WHEN p."renewal_submitted_at" IS NOT NULL THEN 'renewal' ELSE 'application' END)::"submission_kind",
  jsonb_build_object(
    'fullName', p."full_name", 'city', p."city", 'companyName', p."company_name", 'orgNumber', p."org_number",
    'website', p."website", 'address', p."address", 'contactPerson', p."contact_person", 'contactEmail', p."contact_email",
    'discountCode', p."discount_code",
    'criteria', jsonb_build_object('c1', p."c1_liability_insurance", 'c2', p."c2_registered_company", 'c3', p."c3_staff_education",
      'c4', p."c4_hygienic_premises", 'c5', p."c5_approved_products", 'c6', p."c6_client_routines"),
    'documents', coalesce((SELECT jsonb_agg(jsonb_build_object('id', d."id", 'fileName', d."file_name", 'contentType', d."content_type", 'sizeBytes', d."size_bytes") ORDER BY d."created_at", d."id")
      FROM "clinic_documents" d WHERE d."clinic_id" = p."id"), '[]'::jsonb)
  ),
  coalesce(p."renewal_submitted_at", p."application_submitted_at")
FROM "profiles" p
WHERE p."role" = 'clinic'
  AND ((p."application_status" = 'Väntar' AND p."application_submitted_at" IS NOT NULL)
    OR (p."application_status" = 'Godkänd' AND p."renewal_submitted_at" IS NOT NULL));
