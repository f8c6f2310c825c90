ALTER TABLE "certificate_events" ADD COLUMN "followers_told_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "certificate_events_untold_idx" ON "certificate_events" USING btree ("occurred_at") WHERE "certificate_events"."followers_told_at" IS NULL;--> statement-breakpoint
-- The history written before followers were told of anything stays untold.
UPDATE certificate_events SET followers_told_at = occurred_at;--> statement-breakpoint
-- Wakes the follower notifier of every process when an event is committed (as 0012 does for the register).
CREATE FUNCTION ck_notify_certificate_event() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ck_certificate_event', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER certificate_events_notify AFTER INSERT ON certificate_events
  FOR EACH STATEMENT EXECUTE FUNCTION ck_notify_certificate_event();
