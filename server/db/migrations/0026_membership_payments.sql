-- Membership payments (issue 25, decision 039): the plans as data the admin changes, the payments
-- (invoices and Stripe Checkouts, one open or paid per clinic and year), the Stripe events handled (by
-- id, so a replay changes nothing) and the admin's waivers of the payment for a year.
CREATE TYPE "public"."payment_provider" AS ENUM('invoice', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'invoiced', 'paid', 'failed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"price_ore" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_code_unique" UNIQUE("code"),
	CONSTRAINT "membership_plans_price_positive" CHECK ("membership_plans"."price_ore" > 0),
	CONSTRAINT "membership_plans_vat_percent" CHECK ("membership_plans"."vat_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "membership_waivers" (
	"clinic_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"reason" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_waivers_clinic_id_year_pk" PRIMARY KEY("clinic_id","year")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payments_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"clinic_id" uuid,
	"plan_id" uuid NOT NULL,
	"plan_name" jsonb NOT NULL,
	"membership_year" integer NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"status" "payment_status" NOT NULL,
	"net_ore" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"total_ore" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_organisation_number" text,
	"buyer_email" text NOT NULL,
	"due_date" date,
	"stripe_checkout_session_id" text,
	"stripe_checkout_url" text,
	"stripe_payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_number_unique" UNIQUE("number"),
	CONSTRAINT "payments_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "payments_total" CHECK ("payments"."total_ore" = "payments"."net_ore" + "payments"."vat_ore")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_waivers" ADD CONSTRAINT "membership_waivers_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_waivers" ADD CONSTRAINT "membership_waivers_admin_id_profiles_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_year_idx" ON "payments" USING btree ("clinic_id","membership_year") WHERE "payments"."status" IN ('pending', 'invoiced', 'paid');--> statement-breakpoint
CREATE INDEX "payments_clinic_idx" ON "payments" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at","id");