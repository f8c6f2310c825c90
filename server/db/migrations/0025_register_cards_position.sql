-- The register's cards now carry the clinic's position, for the map (issue 24 point 4, decision 038): the
-- index the register pages walk holds it too, so a page is still answered from the index alone (as 0003,
-- 0008, 0016 and 0020 did for the other card fields).
DROP INDEX "profiles_register_cards_idx";--> statement-breakpoint
CREATE INDEX "profiles_register_cards_idx" ON "profiles" USING btree ("name_sort_key" COLLATE "C","id")
  INCLUDE ("name_search_key", "city_search_key", "full_name", "city", "website", "cover_image_url", "slug", "review_count", "review_rating_sum", "latitude", "longitude")
  WHERE "profiles"."role" = 'clinic' AND "profiles"."is_public";
