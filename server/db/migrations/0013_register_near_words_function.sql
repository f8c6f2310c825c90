-- The register words closest to each word of a search (server/services/clinic-register.ts, nearWordsQuery):
-- an index-ordered nearest-neighbour lookup per typed word; a word shorter than min_length, or with no
-- register word within max_distance, comes back once with near and distance null. A PL/pgSQL function
-- because its query is planned once per connection and kept: inlined into the register's search
-- statement, its lateral join was planned anew with every search of four letters or more, a search that
-- almost always finds its text and never needs it (issue 13: about a fifth more searches per second).
CREATE OR REPLACE FUNCTION ck_register_near_words(search text, min_length integer, candidates integer, max_distance real)
  RETURNS TABLE (typed text, near text, distance real)
  LANGUAGE plpgsql STABLE PARALLEL SAFE STRICT
  AS $$
BEGIN
  RETURN QUERY
    SELECT typed_word.word, near_word.word, near_word.distance
    FROM ck_search_words(ck_search_key(search)) AS typed_word (word)
    LEFT JOIN LATERAL (
      SELECT register_word.word, register_word.word <->> typed_word.word AS distance
      FROM register_search_words AS register_word
      WHERE length(typed_word.word) >= min_length
      ORDER BY register_word.word <->> typed_word.word
      LIMIT candidates
    ) AS near_word ON near_word.distance <= max_distance;
END
$$;
