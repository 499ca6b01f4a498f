CREATE TABLE "kept_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"build" text NOT NULL,
	"fills" text NOT NULL,
	"built_at" bigint NOT NULL,
	"etag" text NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text NOT NULL,
	"br" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages_due" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kept_pages_build_idx" ON "kept_pages" USING btree ("build");--> statement-breakpoint
-- The SQLite triggers of migration 0012, in plpgsql. A public track's kept answers (its page and its JSON) are due
-- again whenever its page version goes up (0002: processing, edits, visibility, shares, stems, forks, conversions)
-- and when a public track is added; a track no longer public and active, or removed, loses its kept answers in the
-- same transaction (serving checks the track's state anyway, so a kept answer is never sent meanwhile).
CREATE FUNCTION "pages_due_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "kept_pages" WHERE "key" IN ('/track/' || OLD."id", '/api/track/' || OLD."id");
    DELETE FROM "pages_due" WHERE "key" IN ('/track/' || OLD."id", '/api/track/' || OLD."id");
  ELSIF NEW."is_public" AND NEW."status" = 'ACTIVE' THEN
    INSERT INTO "pages_due" ("key", "version") VALUES ('/track/' || NEW."id", NEW."page_version"), ('/api/track/' || NEW."id", NEW."page_version")
    ON CONFLICT ("key") DO UPDATE SET "version" = excluded."version";
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM "kept_pages" WHERE "key" IN ('/track/' || NEW."id", '/api/track/' || NEW."id");
    DELETE FROM "pages_due" WHERE "key" IN ('/track/' || NEW."id", '/api/track/' || NEW."id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pages_due_track_rows" AFTER INSERT OR DELETE ON "tracks" FOR EACH ROW
EXECUTE FUNCTION "pages_due_track"();--> statement-breakpoint
CREATE TRIGGER "pages_due_track_change" AFTER UPDATE ON "tracks" FOR EACH ROW
WHEN (NEW."page_version" IS DISTINCT FROM OLD."page_version")
EXECUTE FUNCTION "pages_due_track"();--> statement-breakpoint
-- The home page in every SPEC §9 sort (islands/tracks/sort-options.ts; `/` is the default, newest first) is due
-- whenever what the lists show changes; a burst of changes leaves one due row per sort.
CREATE FUNCTION "pages_due_lists"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pages_due" ("key", "version") VALUES ('/', NEW."content"), ('/?sort=oldest', NEW."content"),
    ('/?sort=titleAsc', NEW."content"), ('/?sort=titleDesc', NEW."content"), ('/?sort=durationAsc', NEW."content"),
    ('/?sort=durationDesc', NEW."content"), ('/?sort=artistAsc', NEW."content"), ('/?sort=artistDesc', NEW."content")
  ON CONFLICT ("key") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pages_due_lists" AFTER UPDATE ON "list_versions" FOR EACH ROW
WHEN (NEW."content" IS DISTINCT FROM OLD."content")
EXECUTE FUNCTION "pages_due_lists"();
