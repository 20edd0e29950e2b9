CREATE TABLE "collection_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"jersey_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"size" text,
	"target_price_cents" integer,
	"below_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_kind_check" CHECK ("collection_items"."kind" in ('owned', 'wanted')),
	CONSTRAINT "collection_items_size_check" CHECK ("collection_items"."size" in ('PP', 'P', 'M', 'G', 'GG', 'XGG')),
	CONSTRAINT "collection_items_target_check" CHECK ("collection_items"."target_price_cents" is null or ("collection_items"."target_price_cents" between 0 and 10000000 and "collection_items"."kind" = 'wanted'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "collection_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "collection_share_id" text;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_jersey_id_jerseys_id_fk" FOREIGN KEY ("jersey_id") REFERENCES "public"."jerseys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_user_jersey_kind_idx" ON "collection_items" USING btree ("user_id","jersey_id","kind");--> statement-breakpoint
CREATE INDEX "collection_items_jersey_idx" ON "collection_items" USING btree ("jersey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_collection_share_idx" ON "users" USING btree ("collection_share_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_collection_share_check" CHECK ("users"."collection_public" = ("users"."collection_share_id" is not null));