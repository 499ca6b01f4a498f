ALTER TABLE "stems" ADD COLUMN "mix_gain_db" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stems" ADD COLUMN "mix_pan" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stems" ADD COLUMN "mix_muted" boolean DEFAULT false NOT NULL;