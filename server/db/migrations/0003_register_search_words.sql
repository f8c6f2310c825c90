CREATE TABLE "register_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "profiles_register_order_idx";--> statement-breakpoint
CREATE INDEX "register_search_words_trgm_idx" ON "register_search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- INCLUDE is written by hand (Drizzle cannot express it): with the search keys and the card fields in
-- the index, a register page is filtered and answered by an index-only scan.
CREATE INDEX "profiles_register_cards_idx" ON "profiles" USING btree ("name_sort_key" COLLATE "C","id")
  INCLUDE ("name_search_key", "city_search_key", "full_name", "city", "website", "cover_image_url", "is_certified")
  WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";--> statement-breakpoint
-- The words of a search key (ck_search_key): split at anything not a letter or digit. Names and cities
-- are split so for register_search_words, and typed searches so for the near-word lookup.
CREATE OR REPLACE FUNCTION ck_search_words(search_key text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT word FROM regexp_split_to_table(search_key, '[^[:alnum:]]+') AS word WHERE word <> '' $$;--> statement-breakpoint
-- Statement-level, so an import of many clinics adds its words in one INSERT.
CREATE OR REPLACE FUNCTION ck_collect_register_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO register_search_words (word)
  SELECT DISTINCT word
  FROM changed_profiles AS p, ck_search_words(p.name_search_key || ' ' || p.city_search_key) AS word
  WHERE p.role = 'clinic' AND p.is_certified AND p.is_public AND length(word) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_register_search_words_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_search_words();--> statement-breakpoint
CREATE TRIGGER profiles_register_search_words_update AFTER UPDATE ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_search_words();--> statement-breakpoint
INSERT INTO register_search_words (word)
SELECT DISTINCT word
FROM profiles AS p, ck_search_words(p.name_search_key || ' ' || p.city_search_key) AS word
WHERE p.role = 'clinic' AND p.is_certified AND p.is_public AND length(word) >= 3
ON CONFLICT DO NOTHING;
