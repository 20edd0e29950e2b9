CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_ratings" (
	"scope" text NOT NULL,
	"jersey_id" uuid NOT NULL,
	"rating" double precision NOT NULL,
	"games" integer NOT NULL,
	CONSTRAINT "live_ratings_scope_jersey_id_pk" PRIMARY KEY("scope","jersey_id")
);
--> statement-breakpoint
CREATE TABLE "pair_stats" (
	"low_id" uuid NOT NULL,
	"high_id" uuid NOT NULL,
	"low_wins" integer NOT NULL,
	"high_wins" integer NOT NULL,
	"ties" integer NOT NULL,
	CONSTRAINT "pair_stats_low_id_high_id_pk" PRIMARY KEY("low_id","high_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_entries" (
	"fit_id" integer NOT NULL,
	"jersey_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"rank_ub" integer NOT NULL,
	"score" double precision NOT NULL,
	"lower" double precision NOT NULL,
	"upper" double precision NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"ties" integer NOT NULL,
	"provisional" boolean NOT NULL,
	"previous_rank" integer,
	CONSTRAINT "ranking_entries_fit_id_jersey_id_pk" PRIMARY KEY("fit_id","jersey_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_fits" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	"votes" integer NOT NULL,
	"digest" text NOT NULL,
	"rounds" integer NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voter_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voter_key" text NOT NULL,
	"reason" text NOT NULL,
	"votes" integer NOT NULL,
	"z_score" double precision,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_by" uuid
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"duel_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"left_id" uuid NOT NULL,
	"right_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"skip_reason" text,
	"voter_key" text NOT NULL,
	"user_id" uuid,
	"ip_hash" text,
	"user_agent" text,
	"issued_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fast" boolean DEFAULT false NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"invalid_reason" text,
	CONSTRAINT "votes_duel_id_unique" UNIQUE("duel_id")
);
--> statement-breakpoint
ALTER TABLE "live_ratings" ADD CONSTRAINT "live_ratings_jersey_id_jerseys_id_fk" FOREIGN KEY ("jersey_id") REFERENCES "public"."jerseys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_stats" ADD CONSTRAINT "pair_stats_low_id_jerseys_id_fk" FOREIGN KEY ("low_id") REFERENCES "public"."jerseys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_stats" ADD CONSTRAINT "pair_stats_high_id_jerseys_id_fk" FOREIGN KEY ("high_id") REFERENCES "public"."jerseys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD CONSTRAINT "ranking_entries_fit_id_ranking_fits_id_fk" FOREIGN KEY ("fit_id") REFERENCES "public"."ranking_fits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_entries" ADD CONSTRAINT "ranking_entries_jersey_id_jerseys_id_fk" FOREIGN KEY ("jersey_id") REFERENCES "public"."jerseys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voter_flags" ADD CONSTRAINT "voter_flags_restored_by_users_id_fk" FOREIGN KEY ("restored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_left_id_jerseys_id_fk" FOREIGN KEY ("left_id") REFERENCES "public"."jerseys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_right_id_jerseys_id_fk" FOREIGN KEY ("right_id") REFERENCES "public"."jerseys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ranking_entries_rank_idx" ON "ranking_entries" USING btree ("fit_id","rank");--> statement-breakpoint
CREATE INDEX "ranking_fits_scope_idx" ON "ranking_fits" USING btree ("scope","fitted_at");--> statement-breakpoint
CREATE INDEX "voter_flags_voter_idx" ON "voter_flags" USING btree ("voter_key");--> statement-breakpoint
CREATE INDEX "votes_voter_idx" ON "votes" USING btree ("voter_key","answered_at");--> statement-breakpoint
CREATE INDEX "votes_user_idx" ON "votes" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "votes_left_idx" ON "votes" USING btree ("left_id");--> statement-breakpoint
CREATE INDEX "votes_right_idx" ON "votes" USING btree ("right_id");