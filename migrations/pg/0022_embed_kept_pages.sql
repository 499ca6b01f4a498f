-- Migration 0025's SQLite triggers, in plpgsql: a track's embed player (`/embed/track/{id}`, and `?theme=dark`) is a
-- kept answer too (src/server/public-pages.ts), dropped with its page and JSON when the track is no longer public
-- and active, or removed.
CREATE OR REPLACE FUNCTION "pages_due_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "kept_pages" WHERE "key" IN ('/track/' || OLD."id", '/api/track/' || OLD."id", '/embed/track/' || OLD."id", '/embed/track/' || OLD."id" || '?theme=dark');
    DELETE FROM "pages_due" WHERE "key" IN ('/track/' || OLD."id", '/api/track/' || OLD."id", '/embed/track/' || OLD."id", '/embed/track/' || OLD."id" || '?theme=dark');
  ELSIF NEW."is_public" AND NEW."status" = 'ACTIVE' THEN
    INSERT INTO "pages_due" ("key", "version") VALUES ('/track/' || NEW."id", NEW."page_version"), ('/api/track/' || NEW."id", NEW."page_version")
    ON CONFLICT ("key") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM "kept_pages" WHERE "key" IN ('/track/' || NEW."id", '/api/track/' || NEW."id", '/embed/track/' || NEW."id", '/embed/track/' || NEW."id" || '?theme=dark');
    DELETE FROM "pages_due" WHERE "key" IN ('/track/' || NEW."id", '/api/track/' || NEW."id", '/embed/track/' || NEW."id", '/embed/track/' || NEW."id" || '?theme=dark');
  END IF;
  RETURN NULL;
END;
$$;
