CREATE TABLE "feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"email" text,
	"user_id" uuid,
	"page_path" text,
	"user_agent" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedbacks_type_check" CHECK ("feedbacks"."type" in ('suggestion', 'complaint', 'bug', 'praise')),
	CONSTRAINT "feedbacks_status_check" CHECK ("feedbacks"."status" in ('pending', 'reviewed', 'resolved')),
	CONSTRAINT "feedbacks_priority_check" CHECK ("feedbacks"."priority" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_status_created_idx" ON "feedbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id","created_at");