-- The letters and letter pairs of a register clinic's name and city (issue 29): a search of one or two
-- letters cannot use the trigram indexes (they need three), so it walked the whole register in name
-- order, or worse, read every row through a trigram index that matched them all. Its text occurs in a
-- name or city exactly when it is one of these grams, which profiles_register_grams_idx (a GIN index
-- over this function, built online by server/db/online-indexes.ts, decision 040) finds directly. The
-- ARRAY subquery keeps PostgreSQL from inlining the function, so a query's call matches the index's.
-- Only built-in functions, so pg_restore (with an empty search_path) can build the index.
CREATE OR REPLACE FUNCTION ck_search_grams(name_key text, city_key text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT ARRAY(
      SELECT DISTINCT substr(key, start, size)
      FROM unnest(ARRAY[name_key, city_key]) AS keys (key),
           generate_series(1, 2) AS sizes (size),
           generate_series(1, length(key) - size + 1) AS starts (start)
      WHERE key IS NOT NULL
    )
  $$;
--> statement-breakpoint
-- How often each gram occurs, for the planner (ANALYZE fills it): a partial index's expression gets no
-- statistics of its own, and without them PostgreSQL took every gram for one in 200 names, "a" as well
-- as one no name has.
CREATE STATISTICS IF NOT EXISTS profiles_search_grams_stats ON (ck_search_grams(name_search_key, city_search_key)) FROM profiles;
