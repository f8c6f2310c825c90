-- "Listed" (in the register) has one definition (docs/decisions/023): a public clinic with a certificate
-- in force on the Swedish date, not withdrawn. The day is the app's (its clock, moved in tests), so it is
-- a parameter. A set-returning SQL function, STABLE and not STRICT, is inlined by the planner into the
-- query that reads it: its conditions join that query's own, and the partial indexes below still serve it.
CREATE OR REPLACE FUNCTION ck_listed_clinics(today date) RETURNS SETOF profiles
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT p.* FROM profiles AS p
    WHERE p.role = 'clinic' AND p.is_public
      AND EXISTS (
        SELECT 1 FROM certificates AS c
        WHERE c.clinic_id = p.id AND c.status = 'active' AND c.valid_from <= today AND c.valid_to >= today
      )
  $$;--> statement-breakpoint
-- The register's indexes hold every public clinic (a date cannot be part of an index predicate); the
-- few public clinics without a certificate in force are left out by the certificate lookup.
DROP INDEX "profiles_register_cards_idx";--> statement-breakpoint
DROP INDEX "profiles_name_search_idx";--> statement-breakpoint
DROP INDEX "profiles_city_search_idx";--> statement-breakpoint
-- INCLUDE written by hand (Drizzle cannot express it), as in 0003 and 0008, without is_certified: a card
-- in the register is listed, so it no longer reads the column.
CREATE INDEX "profiles_register_cards_idx" ON "profiles" USING btree ("name_sort_key" COLLATE "C","id")
  INCLUDE ("name_search_key", "city_search_key", "full_name", "city", "website", "cover_image_url", "slug")
  WHERE "profiles"."role" = 'clinic' AND "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING gin ("name_search_key" gin_trgm_ops) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_city_search_idx" ON "profiles" USING gin ("city_search_key" gin_trgm_ops) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_public";--> statement-breakpoint
-- The words of near matches come from every public clinic, a superset of the listed ones, as the words
-- of clinics that left the register already stay (0003).
CREATE OR REPLACE FUNCTION ck_collect_register_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO register_search_words (word)
  SELECT DISTINCT word
  FROM changed_profiles AS p, ck_search_words(p.name_search_key || ' ' || p.city_search_key) AS word
  WHERE p.role = 'clinic' AND p.is_public AND length(word) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO register_search_words (word)
SELECT DISTINCT word
FROM profiles AS p, ck_search_words(p.name_search_key || ' ' || p.city_search_key) AS word
WHERE p.role = 'clinic' AND p.is_public AND length(word) >= 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The register changes (0012's notice to every process's page cache) when a public clinic's card
-- changes, it stops or starts being public or is deleted, and when a public clinic's certificate is
-- issued, withdrawn, expired or deleted. A certificate reaching its last day changes no row: the
-- cache's key carries the day. A new profile has no certificate yet, so its insert changes nothing.
DROP TRIGGER profiles_register_changed_insert ON profiles;--> statement-breakpoint
DROP TRIGGER profiles_register_changed_update ON profiles;--> statement-breakpoint
DROP TRIGGER profiles_register_changed_delete ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_register_changed_update AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    ((OLD.role = 'clinic' AND OLD.is_public) OR (NEW.role = 'clinic' AND NEW.is_public))
    AND (OLD.role, OLD.is_public, OLD.full_name, OLD.city, OLD.website, OLD.cover_image_url, OLD.slug)
      IS DISTINCT FROM (NEW.role, NEW.is_public, NEW.full_name, NEW.city, NEW.website, NEW.cover_image_url, NEW.slug)
  )
  EXECUTE FUNCTION ck_notify_register_changed();--> statement-breakpoint
CREATE TRIGGER profiles_register_changed_delete AFTER DELETE ON profiles
  FOR EACH ROW WHEN (OLD.role = 'clinic' AND OLD.is_public)
  EXECUTE FUNCTION ck_notify_register_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ck_notify_register_changed_by_certificate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM profiles
    WHERE id IN (NEW.clinic_id, OLD.clinic_id) AND role = 'clinic' AND is_public
  ) THEN
    PERFORM pg_notify('ck_register_changed', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER certificates_register_changed AFTER INSERT OR UPDATE OR DELETE ON certificates
  FOR EACH ROW EXECUTE FUNCTION ck_notify_register_changed_by_certificate();
