-- The words of public clinics' names and cities in the register's name order (issue 29, decision 040):
-- a near match (a typo, or a kind and a town typed together: "skönhetsklinik malmö") pages in name order
-- by merging the rows of its words, reading about a page's worth of each, where the trigram indexes
-- gave every clinic with one of the words to sort (50,000 rows at a million clinics).
CREATE TABLE "register_words" (
	"word" text NOT NULL,
	"register_key" text COLLATE "C" NOT NULL,
	"clinic_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_words_backfill" (
	"pending_since" timestamp with time zone PRIMARY KEY DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_words" ADD CONSTRAINT "register_words_clinic_id_profiles_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "register_words_order_idx" ON "register_words" USING btree ("word","register_key" COLLATE "C");--> statement-breakpoint
CREATE INDEX "register_words_clinic_idx" ON "register_words" USING btree ("clinic_id");--> statement-breakpoint
-- A clinic's place in the register's order (its sort key, then its id: decision 028) as one text that
-- orders the same under COLLATE "C": U+0001 sorts before every character of a sort key, so a name that
-- is the start of another still comes first. One column, because PostgreSQL takes two join conditions
-- on sort key and id for independent and expected one row where two words share thousands of clinics.
CREATE OR REPLACE FUNCTION ck_register_key(sort_key text, id uuid) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT sort_key || chr(1) || id::text $$;--> statement-breakpoint
-- A clinic's words as register_search_words splits them (0003): three letters or more, once each.
CREATE OR REPLACE FUNCTION ck_register_words_of(name_key text, city_key text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT DISTINCT word FROM ck_search_words(name_key || ' ' || city_key) AS word WHERE length(word) >= 3 $$;--> statement-breakpoint
-- Statement-level, as 0003's triggers: an import of many clinics adds its words in one INSERT. A deleted
-- clinic's rows go with it (ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION ck_register_words_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO register_words (word, register_key, clinic_id)
  SELECT word, ck_register_key(p.name_sort_key, p.id), p.id
  FROM new_profiles AS p, ck_register_words_of(p.name_search_key, p.city_search_key) AS word
  WHERE p.role = 'clinic' AND p.is_public
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a clinic whose name, city, role or visibility changed is written again: a review's count or a
-- sign-in changes the row too, and should cost nothing here.
CREATE OR REPLACE FUNCTION ck_register_words_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  -- Two statements: in one, the INSERT's conflict check would still see the rows the DELETE removes.
  DELETE FROM register_words WHERE clinic_id IN (
    SELECT n.id FROM new_profiles AS n JOIN old_profiles AS o ON o.id = n.id
    WHERE (n.name_sort_key, n.name_search_key, n.city_search_key, n.role, n.is_public)
      IS DISTINCT FROM (o.name_sort_key, o.name_search_key, o.city_search_key, o.role, o.is_public));
  INSERT INTO register_words (word, register_key, clinic_id)
  SELECT word, ck_register_key(p.name_sort_key, p.id), p.id
  FROM new_profiles AS p, ck_register_words_of(p.name_search_key, p.city_search_key) AS word
  WHERE p.role = 'clinic' AND p.is_public
    AND p.id IN (
      SELECT n.id FROM new_profiles AS n JOIN old_profiles AS o ON o.id = n.id
      WHERE (n.name_sort_key, n.name_search_key, n.city_search_key, n.role, n.is_public)
        IS DISTINCT FROM (o.name_sort_key, o.name_search_key, o.city_search_key, o.role, o.is_public))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_register_words_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_register_words_insert();--> statement-breakpoint
CREATE TRIGGER profiles_register_words_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_profiles NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION ck_register_words_update();--> statement-breakpoint
-- The clinics already here are filled in after the migrations, in batches, so that profiles takes writes
-- meanwhile (server/db/online-backfills.ts); with none there is nothing to fill.
INSERT INTO register_words_backfill (pending_since)
SELECT now() WHERE EXISTS (SELECT 1 FROM profiles WHERE role = 'clinic' AND is_public);
