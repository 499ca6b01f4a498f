CREATE TABLE "hidden_likes" (
	"user_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "like_notices" (
	"track_id" text PRIMARY KEY NOT NULL,
	"sent_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" text NOT NULL,
	"track_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "likes_user_id_track_id_pk" PRIMARY KEY("user_id","track_id")
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_likes" ADD CONSTRAINT "hidden_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "like_notices" ADD CONSTRAINT "like_notices_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_track_idx" ON "likes" USING btree ("track_id","user_id");--> statement-breakpoint
-- A like is a counter, as a play is: it must not discard a cached page (the count is filled in as the page is served).
DROP TRIGGER "tracks_page_version_row" ON "tracks";--> statement-breakpoint
CREATE TRIGGER "tracks_page_version_row" BEFORE UPDATE ON "tracks" FOR EACH ROW
WHEN (NEW."page_version" = OLD."page_version"
  AND NEW."total_plays" IS NOT DISTINCT FROM OLD."total_plays"
  AND NEW."total_downloads" IS NOT DISTINCT FROM OLD."total_downloads"
  AND NEW."like_count" IS NOT DISTINCT FROM OLD."like_count")
EXECUTE FUNCTION "tracks_page_version_row"();
