-- Each two register words a public clinic has together in its name and city, in either order (issue
-- 29): a near match asks each of its typed words, or a register word close to it, in any order, so two
-- of its word lists share a clinic only if a word of each is paired here. A near match none of whose
-- lists' words pair is in no clinic, which a merge of the lists proved only by reading both to their
-- ends (`estetiksa klinik`: `estetik` and the five words containing `klinik`, 312,000 rows at a million).
CREATE TABLE "register_word_pairs" (
	"first_word" text NOT NULL,
	"second_word" text NOT NULL,
	CONSTRAINT "register_word_pairs_first_word_second_word_pk" PRIMARY KEY("first_word","second_word")
);
--> statement-breakpoint
CREATE TABLE "register_word_pairs_backfill" (
	"pending_since" timestamp with time zone PRIMARY KEY DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The pairs of a clinic's register words (0028's ck_register_words_of), each once, the lesser first.
CREATE OR REPLACE FUNCTION ck_register_word_pairs_of(name_key text, city_key text)
  RETURNS TABLE (first_word text, second_word text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT one, other
    FROM (SELECT array_agg(word) AS words FROM ck_register_words_of(name_key, city_key) AS word) AS clinic,
      unnest(clinic.words) AS one, unnest(clinic.words) AS other
    WHERE one < other COLLATE "C" $$;--> statement-breakpoint
-- Statement-level, as 0029's: an import of many clinics adds its pairs in one INSERT. Every public
-- clinic's, certified or not: more pairs only mean fewer near matches proved absent, never one missed.
CREATE OR REPLACE FUNCTION ck_collect_register_word_pairs() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO register_word_pairs (first_word, second_word)
  SELECT DISTINCT pair.first_word, pair.second_word
  FROM changed_profiles AS p, ck_register_word_pairs_of(p.name_search_key, p.city_search_key) AS pair
  WHERE p.role = 'clinic' AND p.is_public
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_register_word_pairs_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_word_pairs();--> statement-breakpoint
CREATE TRIGGER profiles_register_word_pairs_update AFTER UPDATE ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_word_pairs();--> statement-breakpoint
-- The clinics already here are added after the migrations, in batches (server/db/online-backfills.ts).
INSERT INTO register_word_pairs_backfill (pending_since)
SELECT now() WHERE EXISTS (SELECT 1 FROM profiles WHERE role = 'clinic' AND is_public);
