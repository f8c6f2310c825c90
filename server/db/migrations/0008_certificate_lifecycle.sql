CREATE TABLE "certificate_reminders" (
	"certificate_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_reminders_certificate_id_days_before_pk" PRIMARY KEY("certificate_id","days_before")
);
--> statement-breakpoint
DROP INDEX "certificates_one_active_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "renewal_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "certificate_reminders" ADD CONSTRAINT "certificate_reminders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_slug_idx" ON "profiles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_active_per_year_idx" ON "certificates" USING btree ("clinic_id","valid_to") WHERE "certificates"."status" = 'active';--> statement-breakpoint
-- The address of a clinic's public page from its name, in ASCII: 'Åkerblads Hudvård' → 'akerblads-hudvard'.
CREATE OR REPLACE FUNCTION ck_slug_base(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(ck_search_key(value), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'klinik') $$;--> statement-breakpoint
-- Set once, when a row becomes a clinic, and kept through renames so that links keep working. A name
-- already taken gets a short suffix from the id, then the whole id: two lookups at most, never a loop.
CREATE OR REPLACE FUNCTION ck_assign_clinic_slug() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  base text := ck_slug_base(NEW.full_name);
BEGIN
  NEW.slug := base;
  IF EXISTS (SELECT 1 FROM profiles WHERE slug = NEW.slug AND id <> NEW.id) THEN
    NEW.slug := base || '-' || left(replace(NEW.id::text, '-', ''), 6);
    IF EXISTS (SELECT 1 FROM profiles WHERE slug = NEW.slug AND id <> NEW.id) THEN
      NEW.slug := base || '-' || replace(NEW.id::text, '-', '');
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_assign_clinic_slug BEFORE INSERT OR UPDATE OF role, full_name ON profiles
  FOR EACH ROW WHEN (NEW.role = 'clinic' AND NEW.slug IS NULL) EXECUTE FUNCTION ck_assign_clinic_slug();--> statement-breakpoint
-- Clinics that existed before: the oldest keeps the plain name when two share it.
DO $$
DECLARE
  clinic record;
BEGIN
  FOR clinic IN SELECT id FROM profiles WHERE role = 'clinic' AND slug IS NULL ORDER BY created_at, id LOOP
    UPDATE profiles SET role = role WHERE id = clinic.id;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Register cards link to the clinic's page: the covering index of the register (0003) carries the slug
-- too, so a page stays an index-only scan.
DROP INDEX "profiles_register_cards_idx";--> statement-breakpoint
CREATE INDEX "profiles_register_cards_idx" ON "profiles" USING btree ("name_sort_key" COLLATE "C","id")
  INCLUDE ("name_search_key", "city_search_key", "full_name", "city", "website", "cover_image_url", "is_certified", "slug")
  WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";
