CREATE TABLE "list_versions" (
	"id" integer PRIMARY KEY NOT NULL,
	"content" bigint DEFAULT 0 NOT NULL,
	"counters" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "list_versions" ("id", "content", "counters") VALUES (1, 0, 0);--> statement-breakpoint
-- The SQLite triggers of migration 0008, in plpgsql. Lists show track rows only (usernames and licences never
-- change), so what raises a track's page version (0002: an edit, visibility, status, a share, stems…) raises the
-- lists' content version, and so do a new and a removed track. Plays and downloads raise `counters` alone.
-- The version row is written in the same transaction as the change, so no reader sees one without the other.
CREATE FUNCTION "list_versions_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "content" = "content" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "list_versions_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_versions" SET "counters" = "counters" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "list_versions_track_rows" AFTER INSERT OR DELETE ON "tracks" FOR EACH STATEMENT
EXECUTE FUNCTION "list_versions_content"();--> statement-breakpoint
CREATE TRIGGER "list_versions_track_change" AFTER UPDATE ON "tracks" FOR EACH ROW
WHEN (NEW."page_version" IS DISTINCT FROM OLD."page_version")
EXECUTE FUNCTION "list_versions_content"();--> statement-breakpoint
CREATE TRIGGER "list_versions_track_counters" AFTER UPDATE ON "tracks" FOR EACH ROW
WHEN (NEW."total_plays" IS DISTINCT FROM OLD."total_plays" OR NEW."total_downloads" IS DISTINCT FROM OLD."total_downloads")
EXECUTE FUNCTION "list_versions_counters"();
