-- The SQLite migration 0019 (search) for PostgreSQL: one document per track, kept in step by triggers, as a
-- weighted tsvector of accent- and case-folded words (GIN) and a folded text for CJK substrings (pg_trgm GIN).
-- unaccent and pg_trgm ship with PostgreSQL (Debian's postgresql-15, the postgres image) and are trusted
-- extensions since PostgreSQL 13: the database's owner may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Words as SQLite's unicode61 tokenizer with remove_diacritics sees them: runs of letters and digits, folded.
CREATE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(unaccent('unaccent'::regdictionary, coalesce(value, ''))), '[^[:alnum:]]+', ' ', 'g')
$$;--> statement-breakpoint
-- The one definition of a track's document (weights: A title, B artist, C uploader, genres and stems, D description).
CREATE VIEW "search_sources" AS
SELECT t."id" AS "track_id",
  setweight(to_tsvector('simple', "search_fold"(t."title")), 'A')
    || setweight(to_tsvector('simple', "search_fold"(t."primary_artist_name")), 'B')
    || setweight(to_tsvector('simple', "search_fold"(concat_ws(' ', u."username", t."genre_names", s."names"))), 'C')
    || setweight(to_tsvector('simple', "search_fold"(t."description")), 'D') AS "document",
  lower(unaccent('unaccent'::regdictionary,
    concat_ws(' ', t."title", t."primary_artist_name", u."username", t."genre_names", t."description", s."names"))) AS "folded"
FROM "tracks" t
LEFT JOIN "users" u ON u."id" = t."user_id"
CROSS JOIN LATERAL (SELECT string_agg(st."name", ' ') AS "names" FROM "stems" st WHERE st."track_id" = t."id") s;--> statement-breakpoint
CREATE TABLE "search_documents" (
  "track_id" text PRIMARY KEY REFERENCES "tracks"("id") ON DELETE CASCADE,
  "document" tsvector NOT NULL,
  "folded" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_folded_idx" ON "search_documents" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "search_refresh"(track text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_documents" ("track_id", "document", "folded")
  SELECT "track_id", "document", "folded" FROM "search_sources" WHERE "track_id" = track
  ON CONFLICT ("track_id") DO UPDATE SET "document" = excluded."document", "folded" = excluded."folded"
$$;--> statement-breakpoint
CREATE FUNCTION "search_track_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "search_refresh"(NEW."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "search_track_insert" AFTER INSERT ON "tracks" FOR EACH ROW EXECUTE FUNCTION "search_track_changed"();--> statement-breakpoint
CREATE TRIGGER "search_track_update" AFTER UPDATE ON "tracks" FOR EACH ROW
WHEN (NEW."title" IS DISTINCT FROM OLD."title" OR NEW."primary_artist_name" IS DISTINCT FROM OLD."primary_artist_name"
  OR NEW."genre_names" IS DISTINCT FROM OLD."genre_names" OR NEW."description" IS DISTINCT FROM OLD."description"
  OR NEW."user_id" IS DISTINCT FROM OLD."user_id")
EXECUTE FUNCTION "search_track_changed"();--> statement-breakpoint
CREATE FUNCTION "search_stem_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A stem deleted with its track finds no track left: nothing to refresh (its document went by cascade).
  IF TG_OP = 'DELETE' THEN PERFORM "search_refresh"(OLD."track_id");
  ELSE PERFORM "search_refresh"(NEW."track_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "search_stem_insert_delete" AFTER INSERT OR DELETE ON "stems" FOR EACH ROW
EXECUTE FUNCTION "search_stem_changed"();--> statement-breakpoint
CREATE TRIGGER "search_stem_rename" AFTER UPDATE ON "stems" FOR EACH ROW
WHEN (NEW."name" IS DISTINCT FROM OLD."name")
EXECUTE FUNCTION "search_stem_changed"();--> statement-breakpoint
CREATE FUNCTION "search_username_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "search_refresh"(t."id") FROM "tracks" t WHERE t."user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "search_username" AFTER UPDATE ON "users" FOR EACH ROW
WHEN (NEW."username" IS DISTINCT FROM OLD."username")
EXECUTE FUNCTION "search_username_changed"();--> statement-breakpoint
INSERT INTO "search_documents" ("track_id", "document", "folded")
SELECT "track_id", "document", "folded" FROM "search_sources";
