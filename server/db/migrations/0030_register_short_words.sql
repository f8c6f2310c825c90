-- The words of one or two letters or digits of public clinics' names and cities (issue 29, decision
-- 040). register_search_words (0003) keeps words of three or more, so a search of one or two letters
-- had no word list and read every clinic with them to sort (`id`: 23,000 at a million, 350 ms). A
-- short typed word none of these matches is inside register words only, and pages from their rows.
CREATE TABLE "register_short_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_short_words_backfill" (
	"pending_since" timestamp with time zone PRIMARY KEY DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Statement-level, as 0003's: an import of many clinics adds its words in one INSERT. Every public
-- clinic's, certified or not: more words only mean fewer searches from the lists, never a clinic missed.
CREATE OR REPLACE FUNCTION ck_collect_register_short_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO register_short_words (word)
  SELECT DISTINCT word
  FROM changed_profiles AS p, ck_search_words(p.name_search_key || ' ' || p.city_search_key) AS word
  WHERE p.role = 'clinic' AND p.is_public AND length(word) < 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_register_short_words_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_short_words();--> statement-breakpoint
CREATE TRIGGER profiles_register_short_words_update AFTER UPDATE ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_short_words();--> statement-breakpoint
-- The clinics already here are added after the migrations, in batches (server/db/online-backfills.ts).
INSERT INTO register_short_words_backfill (pending_since)
SELECT now() WHERE EXISTS (SELECT 1 FROM profiles WHERE role = 'clinic' AND is_public);
