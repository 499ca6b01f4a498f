CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"length" bigint NOT NULL,
	"upload_offset" bigint DEFAULT 0 NOT NULL,
	"parts" text NOT NULL,
	"metadata" text NOT NULL,
	"used_at" bigint,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_uploads_user_idx" ON "resumable_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_expiry_idx" ON "resumable_uploads" USING btree ("expires_at");