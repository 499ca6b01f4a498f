-- The SQLite migration 0016 in plpgsql: a new username raises the page version of each of its owner's tracks,
-- and through it the lists' content version and the pages due.
CREATE FUNCTION "tracks_page_version_username"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tracks" SET "page_version" = "page_version" + 1 WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_username" AFTER UPDATE ON "users" FOR EACH ROW
WHEN (NEW."username" IS DISTINCT FROM OLD."username")
EXECUTE FUNCTION "tracks_page_version_username"();
