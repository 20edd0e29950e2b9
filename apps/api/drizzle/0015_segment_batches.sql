CREATE TABLE "segment_members" (
	"segment" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "segment_members_segment_user_id_pk" PRIMARY KEY("segment","user_id")
);
--> statement-breakpoint
CREATE TABLE "segment_pending" (
	"segment" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_members_user_idx" ON "segment_members" USING btree ("user_id");