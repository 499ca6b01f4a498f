CREATE TABLE "feature_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "feature_flags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"reference" text,
	"used_count" integer DEFAULT 0 NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"expires_at" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "invite_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "early_access_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "early_access_requests_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'USER' NOT NULL,
	"paid_quota_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" text PRIMARY KEY NOT NULL,
	"track_id" text NOT NULL,
	"target" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'NOT_STARTED' NOT NULL,
	"file_key" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"expires_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"allows_commercial_use" boolean NOT NULL,
	"description" text NOT NULL,
	"usage_description" text NOT NULL,
	CONSTRAINT "licenses_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_events" (
	"id" text PRIMARY KEY NOT NULL,
	"track_id" text NOT NULL,
	"stem_id" text,
	"listener_key" text NOT NULL,
	"event_type" text NOT NULL,
	"playback_source" text NOT NULL,
	"duration" double precision NOT NULL,
	"created_at" bigint NOT NULL,
	"counted_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stems" (
	"id" text PRIMARY KEY NOT NULL,
	"track_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"index" integer NOT NULL,
	"original_format" text NOT NULL,
	"file_key" text NOT NULL,
	"mp3_key" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"mp3_size_bytes" bigint DEFAULT 0 NOT NULL,
	"duration" double precision,
	"waveform_data" text,
	"loudness_lufs" double precision,
	"processing_status" text DEFAULT 'PENDING' NOT NULL,
	"processing_error" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_shares" (
	"track_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "track_shares_track_id_user_id_pk" PRIMARY KEY("track_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "track_waveforms" (
	"track_id" text PRIMARY KEY NOT NULL,
	"waveform_data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"primary_artist_name" text NOT NULL,
	"duration" double precision,
	"original_format" text NOT NULL,
	"original_key" text NOT NULL,
	"original_streamable" boolean DEFAULT true NOT NULL,
	"mp3_key" text,
	"cover_art_key" text,
	"original_size_bytes" bigint DEFAULT 0 NOT NULL,
	"mp3_size_bytes" bigint DEFAULT 0 NOT NULL,
	"cover_art_size_bytes" bigint DEFAULT 0 NOT NULL,
	"processing_status" text DEFAULT 'PENDING' NOT NULL,
	"processing_error" text,
	"cover_art_pending" boolean DEFAULT false NOT NULL,
	"waveform_preview" text,
	"loudness_lufs" double precision,
	"module_title" text,
	"module_message" text,
	"bpm" integer,
	"key" text,
	"is_explicit" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"release_date" text,
	"release_date_precision" text DEFAULT 'DAY' NOT NULL,
	"genre_names" text DEFAULT '[]' NOT NULL,
	"license_id" text NOT NULL,
	"total_plays" integer DEFAULT 0 NOT NULL,
	"total_downloads" integer DEFAULT 0 NOT NULL,
	"fork_count" integer DEFAULT 0 NOT NULL,
	"is_fork" boolean DEFAULT false NOT NULL,
	"forked_from_id" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"deleted_at" bigint,
	"total_quota_seconds" double precision DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"page_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_events" ADD CONSTRAINT "play_events_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stems" ADD CONSTRAINT "stems_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_shares" ADD CONSTRAINT "track_shares_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_shares" ADD CONSTRAINT "track_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_waveforms" ADD CONSTRAINT "track_waveforms_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_target_unique" ON "conversions" USING btree ("track_id","target","format");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","is_read","created_at");--> statement-breakpoint
CREATE INDEX "play_events_listener_idx" ON "play_events" USING btree ("track_id","listener_key","counted_at");--> statement-breakpoint
CREATE INDEX "stems_track_idx" ON "stems" USING btree ("track_id","index");--> statement-breakpoint
CREATE INDEX "track_shares_user_idx" ON "track_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tracks_user_idx" ON "tracks" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "tracks_public_created_idx" ON "tracks" USING btree ("status","is_public","created_at","id");--> statement-breakpoint
CREATE INDEX "tracks_public_title_idx" ON "tracks" USING btree ("status","is_public",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "tracks_public_duration_idx" ON "tracks" USING btree ("status","is_public","duration","id");--> statement-breakpoint
CREATE INDEX "tracks_public_artist_idx" ON "tracks" USING btree ("status","is_public",lower("primary_artist_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "tracks_owner_created_idx" ON "tracks" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "tracks_owner_title_idx" ON "tracks" USING btree ("user_id","status",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "tracks_owner_duration_idx" ON "tracks" USING btree ("user_id","status","duration","id");--> statement-breakpoint
CREATE INDEX "tracks_owner_artist_idx" ON "tracks" USING btree ("user_id","status",lower("primary_artist_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "tracks_status_title_idx" ON "tracks" USING btree ("status",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "tracks_status_duration_idx" ON "tracks" USING btree ("status","duration","id");--> statement-breakpoint
CREATE INDEX "tracks_status_artist_idx" ON "tracks" USING btree ("status",lower("primary_artist_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "tracks_forked_from_idx" ON "tracks" USING btree ("forked_from_id");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expires_idx" ON "rate_limit_windows" USING btree ("expires_at");