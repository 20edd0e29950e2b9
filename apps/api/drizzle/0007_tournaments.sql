CREATE TABLE "tournament_entrants" (
	"tournament_id" uuid NOT NULL,
	"jersey_id" uuid NOT NULL,
	"seed" integer NOT NULL,
	"score" double precision,
	CONSTRAINT "tournament_entrants_tournament_id_seed_pk" PRIMARY KEY("tournament_id","seed"),
	CONSTRAINT "tournament_entrants_jersey_key" UNIQUE("tournament_id","jersey_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"slot" integer NOT NULL,
	"a_id" uuid NOT NULL,
	"b_id" uuid NOT NULL,
	"a_seed" integer NOT NULL,
	"b_seed" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"winner_id" uuid,
	"decided_by" text,
	"a_points" double precision,
	"b_points" double precision,
	"votes" integer,
	CONSTRAINT "tournament_matches_slot_key" UNIQUE("tournament_id","round","slot")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_pt" text NOT NULL,
	"name_en" text NOT NULL,
	"description_pt" text,
	"description_en" text,
	"cover_image_id" uuid,
	"size" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"round_hours" integer NOT NULL,
	"pool" jsonb NOT NULL,
	"drawn_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entrants" ADD CONSTRAINT "tournament_entrants_jersey_id_jerseys_id_fk" FOREIGN KEY ("jersey_id") REFERENCES "public"."jerseys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_a_id_jerseys_id_fk" FOREIGN KEY ("a_id") REFERENCES "public"."jerseys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_b_id_jerseys_id_fk" FOREIGN KEY ("b_id") REFERENCES "public"."jerseys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_entrants_jersey_idx" ON "tournament_entrants" USING btree ("jersey_id");--> statement-breakpoint
CREATE INDEX "tournaments_starts_at_idx" ON "tournaments" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_tournament_match_voter_idx" ON "votes" USING btree ("scope",least("left_id", "right_id"),greatest("left_id", "right_id"),"voter_key") WHERE "votes"."scope" like 'tournament:%';