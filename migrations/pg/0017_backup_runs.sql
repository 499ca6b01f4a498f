CREATE TABLE "backup_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" bigint NOT NULL,
	"heartbeat_at" bigint NOT NULL,
	"finished_at" bigint,
	"name" text,
	"size_bytes" bigint,
	"copied_bytes" bigint,
	"object_count" integer,
	"verified" boolean DEFAULT false NOT NULL,
	"error" text,
	"running_lock" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_running_idx" ON "backup_runs" USING btree ("running_lock");