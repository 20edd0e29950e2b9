CREATE TABLE "segment_pair_stats" (
	"segment" text NOT NULL,
	"low_id" uuid NOT NULL,
	"high_id" uuid NOT NULL,
	"low_wins" integer NOT NULL,
	"high_wins" integer NOT NULL,
	"ties" integer NOT NULL,
	CONSTRAINT "segment_pair_stats_segment_low_id_high_id_pk" PRIMARY KEY("segment","low_id","high_id")
);
--> statement-breakpoint
ALTER TABLE "ranking_fits" ADD COLUMN "voters" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "segment_opt_out" boolean DEFAULT false NOT NULL;