CREATE TYPE "public"."review_hide_reason" AS ENUM('guidelines', 'personal_data', 'offensive', 'not_a_visit');--> statement-breakpoint
CREATE TYPE "public"."review_report_resolution" AS ENUM('kept', 'hidden');--> statement-breakpoint
CREATE TABLE "clinic_review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" "review_report_resolution",
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "clinic_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"author_id" uuid,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"visit_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"reply_text" text,
	"reply_created_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" "review_hide_reason",
	"hidden_by" uuid,
	CONSTRAINT "clinic_reviews_rating_range" CHECK ("clinic_reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "clinic_reviews_text_length" CHECK (char_length("clinic_reviews"."text") BETWEEN 20 AND 2000),
	CONSTRAINT "clinic_reviews_hidden_reason" CHECK (("clinic_reviews"."hidden_at" IS NULL) = ("clinic_reviews"."hidden_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"email" text NOT NULL,
	"visit_date" date NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_by" uuid,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "review_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinic_review_reports" ADD CONSTRAINT "clinic_review_reports_review_id_clinic_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."clinic_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review_reports" ADD CONSTRAINT "clinic_review_reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_review_reports" ADD CONSTRAINT "clinic_review_reports_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_reviews" ADD CONSTRAINT "clinic_reviews_invitation_id_review_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."review_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_reviews" ADD CONSTRAINT "clinic_reviews_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_reviews" ADD CONSTRAINT "clinic_reviews_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_reviews" ADD CONSTRAINT "clinic_reviews_hidden_by_profiles_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_claimed_by_profiles_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_review_reports_review_idx" ON "clinic_review_reports" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_review_reports_one_open_idx" ON "clinic_review_reports" USING btree ("review_id","reporter_id") WHERE "clinic_review_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clinic_review_reports_open_idx" ON "clinic_review_reports" USING btree ("created_at") WHERE "clinic_review_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_reviews_invitation_idx" ON "clinic_reviews" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "clinic_reviews_clinic_idx" ON "clinic_reviews" USING btree ("clinic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clinic_reviews_author_idx" ON "clinic_reviews" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitations_token_idx" ON "review_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "review_invitations_clinic_idx" ON "review_invitations" USING btree ("clinic_id","created_at","id");--> statement-breakpoint
CREATE INDEX "review_invitations_claimed_idx" ON "review_invitations" USING btree ("claimed_by","created_at","id") WHERE "review_invitations"."used_at" IS NULL;--> statement-breakpoint
CREATE INDEX "review_invitations_open_idx" ON "review_invitations" USING btree ("clinic_id","email") WHERE "review_invitations"."used_at" IS NULL;--> statement-breakpoint
-- Written by hand from here (Drizzle cannot express triggers or INCLUDE).
-- A clinic's published review count and star sum, recounted from its reviews whenever one is written,
-- changed, hidden, shown again or deleted: in that statement's transaction, so the register's cards
-- never show a rating that its reviews do not add up to (issue 23, decision 032).
CREATE OR REPLACE FUNCTION ck_recount_clinic_reviews() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET
    review_count = counted.review_count,
    review_rating_sum = counted.review_rating_sum
  FROM (
    SELECT clinic.id,
      count(review.id)::integer AS review_count,
      coalesce(sum(review.rating), 0)::integer AS review_rating_sum
    FROM (SELECT DISTINCT unnest(ARRAY[OLD.clinic_id, NEW.clinic_id]) AS id) AS clinic
    LEFT JOIN clinic_reviews AS review ON review.clinic_id = clinic.id AND review.hidden_at IS NULL
    WHERE clinic.id IS NOT NULL
    GROUP BY clinic.id
  ) AS counted
  WHERE profiles.id = counted.id
    AND (profiles.review_count, profiles.review_rating_sum) IS DISTINCT FROM (counted.review_count, counted.review_rating_sum);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clinic_reviews_recount AFTER INSERT OR DELETE OR UPDATE OF clinic_id, rating, hidden_at ON clinic_reviews
  FOR EACH ROW EXECUTE FUNCTION ck_recount_clinic_reviews();--> statement-breakpoint
-- The register's cards now show the rating: the index the register pages walk holds it too, so a page
-- is still answered from the index alone (as 0003, 0008 and 0016 did for the other card fields).
DROP INDEX "profiles_register_cards_idx";--> statement-breakpoint
CREATE INDEX "profiles_register_cards_idx" ON "profiles" USING btree ("name_sort_key" COLLATE "C","id")
  INCLUDE ("name_search_key", "city_search_key", "full_name", "city", "website", "cover_image_url", "slug", "review_count", "review_rating_sum")
  WHERE "profiles"."role" = 'clinic' AND "profiles"."is_public";--> statement-breakpoint
-- A changed rating changes the cards: the register's page caches hear of it (0012, 0016).
DROP TRIGGER profiles_register_changed_update ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_register_changed_update AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    ((OLD.role = 'clinic' AND OLD.is_public) OR (NEW.role = 'clinic' AND NEW.is_public))
    AND (OLD.role, OLD.is_public, OLD.full_name, OLD.city, OLD.website, OLD.cover_image_url, OLD.slug, OLD.review_count, OLD.review_rating_sum)
      IS DISTINCT FROM (NEW.role, NEW.is_public, NEW.full_name, NEW.city, NEW.website, NEW.cover_image_url, NEW.slug, NEW.review_count, NEW.review_rating_sum)
  )
  EXECUTE FUNCTION ck_notify_register_changed();
