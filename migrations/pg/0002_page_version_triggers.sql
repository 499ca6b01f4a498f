-- The SQLite triggers of migration 0004, in plpgsql. Every change to a track row raises its page version, except a
-- change to the counters alone (a play or a download must not discard a cached page; the counters are filled
-- into it when it is served). A BEFORE trigger raises it in the row being written, so it cannot recurse.
CREATE FUNCTION "tracks_page_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."page_version" := OLD."page_version" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_row" BEFORE UPDATE ON "tracks" FOR EACH ROW
WHEN (NEW."page_version" = OLD."page_version"
  AND NEW."total_plays" IS NOT DISTINCT FROM OLD."total_plays"
  AND NEW."total_downloads" IS NOT DISTINCT FROM OLD."total_downloads")
EXECUTE FUNCTION "tracks_page_version_row"();--> statement-breakpoint
-- A change to a track's waveform, stems, shares or conversions raises the version of the track(s) it belongs to.
CREATE FUNCTION "tracks_page_version_child"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "tracks" SET "page_version" = "page_version" + 1 WHERE "id" = OLD."track_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."track_id" IS DISTINCT FROM OLD."track_id") THEN
    UPDATE "tracks" SET "page_version" = "page_version" + 1 WHERE "id" = NEW."track_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_waveform" AFTER INSERT OR UPDATE ON "track_waveforms" FOR EACH ROW
EXECUTE FUNCTION "tracks_page_version_child"();--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_stem" AFTER INSERT OR UPDATE OR DELETE ON "stems" FOR EACH ROW
EXECUTE FUNCTION "tracks_page_version_child"();--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_share" AFTER INSERT OR DELETE ON "track_shares" FOR EACH ROW
EXECUTE FUNCTION "tracks_page_version_child"();--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_conversion" AFTER INSERT OR UPDATE OR DELETE ON "conversions" FOR EACH ROW
EXECUTE FUNCTION "tracks_page_version_child"();
