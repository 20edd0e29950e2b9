CREATE TABLE "product_images" (
	"product_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_images_product_id_position_pk" PRIMARY KEY("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"url" text NOT NULL,
	"price_cents" integer NOT NULL,
	"shipping_note" text DEFAULT '' NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_offers_url_check" CHECK ("product_offers"."url" ~* '^https?://'),
	CONSTRAINT "product_offers_price_check" CHECK ("product_offers"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_stock_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_stock_quantity_check" CHECK ("product_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"name_pt" text NOT NULL,
	"name_en" text NOT NULL,
	"description_pt" text NOT NULL,
	"description_en" text NOT NULL,
	"team" text,
	"season" text,
	"jersey_id" uuid,
	"colours" text[] NOT NULL,
	"sizes" text[] NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"final_price_cents" integer GENERATED ALWAYS AS ((price_cents * (100 - discount_percent) + 50) / 100) STORED NOT NULL,
	"rating_tenths" smallint DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"is_new" boolean,
	"featured" boolean DEFAULT false NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"search_pt" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portuguese', name_pt), 'A') || setweight(to_tsvector('portuguese', coalesce(team, '')), 'B') || setweight(to_tsvector('portuguese', description_pt), 'C')) STORED NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name_en), 'A') || setweight(to_tsvector('english', coalesce(team, '')), 'B') || setweight(to_tsvector('english', description_en), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('jerseys', 'balls', 'accessories')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_discount_check" CHECK ("products"."discount_percent" between 0 and 90),
	CONSTRAINT "products_rating_check" CHECK ("products"."rating_tenths" between 0 and 50),
	CONSTRAINT "products_reviews_check" CHECK ("products"."reviews_count" >= 0),
	CONSTRAINT "products_low_stock_check" CHECK ("products"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offers" ADD CONSTRAINT "product_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_jersey_id_jerseys_id_fk" FOREIGN KEY ("jersey_id") REFERENCES "public"."jerseys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_image_idx" ON "product_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "product_offers_product_idx" ON "product_offers" USING btree ("product_id","price_cents");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category");--> statement-breakpoint
CREATE INDEX "products_final_price_idx" ON "products" USING btree ("final_price_cents");--> statement-breakpoint
CREATE INDEX "products_jersey_idx" ON "products" USING btree ("jersey_id");--> statement-breakpoint
CREATE INDEX "products_search_pt_idx" ON "products" USING gin ("search_pt");--> statement-breakpoint
CREATE INDEX "products_search_en_idx" ON "products" USING gin ("search_en");