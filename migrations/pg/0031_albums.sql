CREATE TABLE "album_tracks" (
	"track_id" text NOT NULL,
	"album_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "album_tracks_album_id_position_pk" PRIMARY KEY("album_id","position")
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"genre_names" text NOT NULL,
	"release_date" text,
	"release_date_precision" text DEFAULT 'DAY' NOT NULL,
	"is_public" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_tracks" ADD CONSTRAINT "album_tracks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_tracks" ADD CONSTRAINT "album_tracks_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "album_tracks_track_idx" ON "album_tracks" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "albums_user_idx" ON "albums" USING btree ("user_id","id");