DROP INDEX "profiles_name_search_idx";--> statement-breakpoint
DROP INDEX "profiles_city_search_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_search_key" text GENERATED ALWAYS AS (ck_search_key(full_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city_search_key" text GENERATED ALWAYS AS (ck_search_key(coalesce(city, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING gin ("name_search_key" gin_trgm_ops) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";--> statement-breakpoint
CREATE INDEX "profiles_city_search_idx" ON "profiles" USING gin ("city_search_key" gin_trgm_ops) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_certified" AND "profiles"."is_public";