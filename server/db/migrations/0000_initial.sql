-- Register search (ARCHITECTURE "Register search"): trigram indexes over accent-free, lower-cased text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes an IMMUTABLE
-- wrapper that expression indexes accept.
CREATE OR REPLACE FUNCTION ck_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- Swedish alphabetical order that needs no ICU (PGlite has none): å, ä, ö (and æ, ø) map to the three
-- bytes after 'z' and other accented letters to their base letter, so COLLATE "C" sorts as Swedish does.
CREATE OR REPLACE FUNCTION ck_swedish_sort_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(value),
    'ÅÄÖÆØÜÉÈÊËÁÀÂÍÌÓÒÔÚÙåäöæøüéèêëáàâíìóòôúù',
    '{|}|}yeeeeaaaiiooouu{|}|}yeeeeaaaiiooouu') $$;--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('Väntar', 'Godkänd', 'Nekad');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('customer', 'clinic', 'admin');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('Ny', 'Hanterad');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"encrypted_password" text,
	"email_confirmed_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" "role" DEFAULT 'customer' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"company_name" text,
	"org_number" text,
	"website" text,
	"address" text,
	"contact_person" text,
	"contact_email" text,
	"phone_number" text,
	"description" text,
	"discount_code" text,
	"city" text,
	"cover_image_url" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_certified" boolean DEFAULT false NOT NULL,
	"application_status" "application_status" DEFAULT 'Väntar' NOT NULL,
	"certified_at" timestamp with time zone,
	"c1_liability_insurance" boolean DEFAULT false NOT NULL,
	"c2_registered_company" boolean DEFAULT false NOT NULL,
	"c3_staff_education" boolean DEFAULT false NOT NULL,
	"c4_hygienic_premises" boolean DEFAULT false NOT NULL,
	"c5_approved_products" boolean DEFAULT false NOT NULL,
	"c6_client_routines" boolean DEFAULT false NOT NULL,
	"name_sort_key" text GENERATED ALWAYS AS (ck_swedish_sort_key(full_name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "followed_clinics" (
	"user_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_clinics_user_id_clinic_id_pk" PRIMARY KEY("user_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"clinic_name" text NOT NULL,
	"content" text NOT NULL,
	"status" "report_status" DEFAULT 'Ny' NOT NULL,
	"admin_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_path" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_documents_storage_path_unique" UNIQUE("storage_path")
);
--> statement-breakpoint
CREATE TABLE "site_content" (
	"content_key" text PRIMARY KEY NOT NULL,
	"value_sv" text NOT NULL,
	"value_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_clinics" ADD CONSTRAINT "followed_clinics_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_clinics" ADD CONSTRAINT "followed_clinics_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_documents" ADD CONSTRAINT "clinic_documents_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "profiles_role_idx" ON "profiles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "profiles_register_order_idx" ON "profiles" USING btree ("name_sort_key" COLLATE "C","id") WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING gin (ck_search_key("full_name") gin_trgm_ops) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_city_search_idx" ON "profiles" USING gin (ck_search_key(coalesce("city", '')) gin_trgm_ops) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "followed_clinics_clinic_idx" ON "followed_clinics" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clinic_documents_clinic_idx" ON "clinic_documents" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");