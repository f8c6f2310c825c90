CREATE TYPE "public"."certificate_event_kind" AS ENUM('issued', 'renewed', 'scope_changed', 'suspended', 'reinstated', 'withdrawn', 'expired');--> statement-breakpoint
CREATE TYPE "public"."fact_kind" AS ENUM('org_number', 'liability_insurance', 'ivo_registration', 'licensed_practitioner', 'municipal_notification');--> statement-breakpoint
CREATE TYPE "public"."fact_status" AS ENUM('unchecked', 'verified', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."certificate_status" ADD VALUE 'suspended' BEFORE 'expired';--> statement-breakpoint
CREATE TABLE "certificate_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" "certificate_event_kind" NOT NULL,
	"reason" text,
	"treatments" text[],
	"actor_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follower_notices" (
	"user_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follower_notices_user_id_clinic_id_day_pk" PRIMARY KEY("user_id","clinic_id","day")
);
--> statement-breakpoint
CREATE TABLE "clinic_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" "fact_kind" NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_id" uuid,
	"valid_until" date,
	"status" "fact_status" DEFAULT 'unchecked' NOT NULL,
	"reason" text,
	"checked_by" uuid,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fact_reminders" (
	"fact_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fact_reminders_fact_id_days_before_pk" PRIMARY KEY("fact_id","days_before")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "treatments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "treatments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "certificate_events" ADD CONSTRAINT "certificate_events_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_events" ADD CONSTRAINT "certificate_events_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_events" ADD CONSTRAINT "certificate_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_notices" ADD CONSTRAINT "follower_notices_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_notices" ADD CONSTRAINT "follower_notices_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_facts" ADD CONSTRAINT "clinic_facts_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_facts" ADD CONSTRAINT "clinic_facts_document_id_clinic_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."clinic_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_facts" ADD CONSTRAINT "clinic_facts_checked_by_profiles_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_reminders" ADD CONSTRAINT "fact_reminders_fact_id_clinic_facts_id_fk" FOREIGN KEY ("fact_id") REFERENCES "public"."clinic_facts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_events_clinic_idx" ON "certificate_events" USING btree ("clinic_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "clinic_facts_clinic_idx" ON "clinic_facts" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_facts_org_number_idx" ON "clinic_facts" USING btree ("clinic_id") WHERE "clinic_facts"."kind" = 'org_number';--> statement-breakpoint
CREATE INDEX "clinic_facts_insurance_idx" ON "clinic_facts" USING btree ("valid_until") WHERE "clinic_facts"."kind" = 'liability_insurance' AND "clinic_facts"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "certificates_treatments_idx" ON "certificates" USING gin ("treatments");--> statement-breakpoint
-- The org-number fact follows the clinic's organisation number (contracts/facts.ts): written when a clinic
-- gets one, unchecked again when it changes, gone when it is cleared. The profile holds the reviewed
-- number (a certified clinic's change waits in its change request), so the admin checks what is vouched for.
CREATE FUNCTION ck_sync_org_number_fact() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.org_number IS NULL THEN
    DELETE FROM clinic_facts WHERE clinic_id = NEW.id AND kind = 'org_number';
  ELSE
    INSERT INTO clinic_facts (clinic_id, kind, details)
    VALUES (NEW.id, 'org_number', jsonb_build_object('orgNumber', NEW.org_number))
    ON CONFLICT (clinic_id) WHERE kind = 'org_number' DO UPDATE
      SET details = EXCLUDED.details, status = 'unchecked', reason = NULL, checked_by = NULL, checked_at = NULL,
          updated_at = now()
      WHERE clinic_facts.details IS DISTINCT FROM EXCLUDED.details;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_org_number_fact AFTER INSERT OR UPDATE OF org_number ON profiles
  FOR EACH ROW WHEN (NEW.role = 'clinic')
  EXECUTE FUNCTION ck_sync_org_number_fact();--> statement-breakpoint
INSERT INTO clinic_facts (clinic_id, kind, details)
SELECT id, 'org_number', jsonb_build_object('orgNumber', org_number)
FROM profiles WHERE role = 'clinic' AND org_number IS NOT NULL;--> statement-breakpoint
-- The history of the certificates issued before it was kept: each issue (a renewal when the clinic had an
-- earlier certificate), each withdrawal with its reason, each expiry on the day after the last valid one.
INSERT INTO certificate_events (certificate_id, clinic_id, kind, occurred_at)
SELECT c.id, c.clinic_id,
  CASE WHEN EXISTS (
    SELECT 1 FROM certificates AS earlier WHERE earlier.clinic_id = c.clinic_id AND earlier.valid_from < c.valid_from
  ) THEN 'renewed' ELSE 'issued' END::certificate_event_kind,
  c.issued_at
FROM certificates AS c;--> statement-breakpoint
INSERT INTO certificate_events (certificate_id, clinic_id, kind, reason, occurred_at)
SELECT id, clinic_id, 'withdrawn', withdrawn_reason, coalesce(withdrawn_at, issued_at)
FROM certificates WHERE status = 'withdrawn';--> statement-breakpoint
INSERT INTO certificate_events (certificate_id, clinic_id, kind, occurred_at)
SELECT id, clinic_id, 'expired', ((valid_to + 1)::timestamp AT TIME ZONE 'Europe/Stockholm')
FROM certificates WHERE status = 'expired';
