CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" integer[] NOT NULL,
	"original_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jerseys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"season" integer NOT NULL,
	"model_year" text NOT NULL,
	"description" text,
	"master_sponsor" text,
	"main_color" text NOT NULL,
	"image_id" uuid,
	"image_source_text" text NOT NULL,
	"image_source_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "models_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo_image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "crest_image_id" uuid;--> statement-breakpoint
ALTER TABLE "jerseys" ADD CONSTRAINT "jerseys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jerseys" ADD CONSTRAINT "jerseys_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jerseys" ADD CONSTRAINT "jerseys_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jerseys" ADD CONSTRAINT "jerseys_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jerseys_team_slug_idx" ON "jerseys" USING btree ("team_id","slug");--> statement-breakpoint
CREATE INDEX "jerseys_team_season_idx" ON "jerseys" USING btree ("team_id","season");--> statement-breakpoint
CREATE INDEX "jerseys_model_idx" ON "jerseys" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "jerseys_supplier_idx" ON "jerseys" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_crest_image_id_images_id_fk" FOREIGN KEY ("crest_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;