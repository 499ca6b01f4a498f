CREATE TABLE "rate_limit_windows" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expires_idx" ON "rate_limit_windows" USING btree ("expires_at");