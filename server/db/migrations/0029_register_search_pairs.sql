-- Each two neighbouring words of a public clinic's name, and of its city, with the signs between them
-- (issue 29, decision 040): a typed text of two words or more is in a clinic's name or city only if
-- each two neighbouring typed words, with what was typed between them, are inside one of these pairs,
-- so a search learns from this small table that a text is in no clinic (a kind and a town typed
-- together, "skönhetsrum uppsala") where it read every clinic with both words to prove it.
CREATE TABLE "register_search_pairs" (
	"pair" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_search_pairs_backfill" (
	"pending_since" timestamp with time zone PRIMARY KEY DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "register_search_pairs_trgm_idx" ON "register_search_pairs" USING gist ("pair" gist_trgm_ops);--> statement-breakpoint
-- The pairs of a search key (ck_search_key): each word of letters and digits, the signs after it, and
-- the next word. A text's signs between two words are all the signs between them in the name too, so
-- the text's pairs are inside the name's.
CREATE OR REPLACE FUNCTION ck_search_pairs(search_key text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT pair FROM (
      SELECT part[1] || part[2] || lead(part[1]) OVER (ORDER BY position) AS pair
      FROM regexp_matches(search_key, '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY AS word (part, position)) AS pairs
    WHERE pair IS NOT NULL $$;--> statement-breakpoint
-- Statement-level, as 0003's: an import of many clinics adds its pairs in one INSERT. Every public
-- clinic's, certified or not: more pairs only mean fewer texts proved absent, never a text missed.
CREATE OR REPLACE FUNCTION ck_collect_register_search_pairs() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO register_search_pairs (pair)
  SELECT DISTINCT pair
  FROM changed_profiles AS p,
    LATERAL (SELECT ck_search_pairs(p.name_search_key) UNION ALL SELECT ck_search_pairs(p.city_search_key)) AS pairs (pair)
  WHERE p.role = 'clinic' AND p.is_public AND pair IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_register_search_pairs_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_search_pairs();--> statement-breakpoint
CREATE TRIGGER profiles_register_search_pairs_update AFTER UPDATE ON profiles
  REFERENCING NEW TABLE AS changed_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_collect_register_search_pairs();--> statement-breakpoint
-- The clinics already here are added after the migrations, in batches (server/db/online-backfills.ts).
INSERT INTO register_search_pairs_backfill (pending_since)
SELECT now() WHERE EXISTS (SELECT 1 FROM profiles WHERE role = 'clinic' AND is_public);
