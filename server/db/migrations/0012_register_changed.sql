-- Every app process keeps register pages in memory for a few seconds (docs/decisions/009). This tells
-- all of them, through NOTIFY, that the register changed, whoever changed it: a row entered or left
-- the register, or something its cards and search show changed. PostgreSQL sends one notice per
-- transaction however many rows it touched (identical notices are folded), and only at commit.
CREATE OR REPLACE FUNCTION ck_notify_register_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ck_register_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_register_changed_insert AFTER INSERT ON profiles
  FOR EACH ROW WHEN (NEW.role = 'clinic' AND NEW.is_certified AND NEW.is_public)
  EXECUTE FUNCTION ck_notify_register_changed();--> statement-breakpoint
CREATE TRIGGER profiles_register_changed_update AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    ((OLD.role = 'clinic' AND OLD.is_certified AND OLD.is_public) OR (NEW.role = 'clinic' AND NEW.is_certified AND NEW.is_public))
    AND (OLD.role, OLD.is_certified, OLD.is_public, OLD.full_name, OLD.city, OLD.website, OLD.cover_image_url, OLD.slug)
      IS DISTINCT FROM (NEW.role, NEW.is_certified, NEW.is_public, NEW.full_name, NEW.city, NEW.website, NEW.cover_image_url, NEW.slug)
  )
  EXECUTE FUNCTION ck_notify_register_changed();--> statement-breakpoint
CREATE TRIGGER profiles_register_changed_delete AFTER DELETE ON profiles
  FOR EACH ROW WHEN (OLD.role = 'clinic' AND OLD.is_certified AND OLD.is_public)
  EXECUTE FUNCTION ck_notify_register_changed();
