-- Distance search (issue 24, decision 037): contrib's cube and earthdistance, in PostgreSQL and PGlite alike.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- earthdistance's ll_to_earth, written with qualified names: before earthdistance 1.2 (PostgreSQL 15 has 1.1) its
-- body names earth() and cube() unqualified, so pg_restore, which runs with an empty search_path, cannot
-- build an index on it ("type earth does not exist"). A cube, not the earth domain, whose check would
-- name them unqualified again. Not STRICT, so the planner inlines it (earth() is not strict): the index
-- and the queries then share the same expression.
CREATE OR REPLACE FUNCTION ck_earth_point(latitude double precision, longitude double precision) RETURNS public.cube
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.cube(public.cube(public.cube(public.earth() * cos(radians(latitude)) * cos(radians(longitude))),
    public.earth() * cos(radians(latitude)) * sin(radians(longitude))), public.earth() * sin(radians(latitude))) $$;--> statement-breakpoint
CREATE TYPE "public"."position_source" AS ENUM('town', 'admin');--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "position_source" "position_source";--> statement-breakpoint
CREATE INDEX "profiles_register_position_idx" ON "profiles" USING gist (ck_earth_point("latitude", "longitude")) WHERE "profiles"."role" = 'clinic' AND "profiles"."is_public";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_position_whole" CHECK (("profiles"."latitude" IS NULL) = ("profiles"."longitude" IS NULL) AND ("profiles"."latitude" IS NULL) = ("profiles"."position_source" IS NULL));