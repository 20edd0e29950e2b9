ALTER TABLE "jerseys" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "name_en" text;--> statement-breakpoint
-- English names of the reference teams (db/seed/teams.ts) and of the demo's models, where they differ.
UPDATE "teams" SET "name_en" = v.en FROM (VALUES ('inter-de-milao', 'Inter Milan'), ('bayern-de-munique', 'Bayern Munich'), ('brasil', 'Brazil'), ('franca', 'France'), ('alemanha', 'Germany'), ('holanda', 'Netherlands'), ('italia', 'Italy')) AS v(slug, en) WHERE "teams"."slug" = v.slug AND "teams"."name_en" IS NULL;
--> statement-breakpoint
UPDATE "models" SET "name_en" = v.en FROM (VALUES ('Titular', 'Home'), ('Reserva', 'Away'), ('Terceira', 'Third'), ('Goleiro', 'Goalkeeper'), ('Especial', 'Special')) AS v(pt, en) WHERE "models"."name" = v.pt AND "models"."name_en" IS NULL;
--> statement-breakpoint
-- The demo's own pictures: the credit is the source's name, which the pages phrase per language; their
-- Portuguese-only descriptions go, the pages write one from the jersey's fields in the reader's language.
UPDATE "jerseys" SET "image_source_text" = 'Manto', "description" = NULL WHERE "image_source_text" = 'Ilustração gerada pelo Manto';
