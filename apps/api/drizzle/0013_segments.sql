ALTER TABLE "ranking_fits" ADD COLUMN "voters" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "segment_opt_out" boolean DEFAULT false NOT NULL;