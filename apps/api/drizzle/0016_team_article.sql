ALTER TABLE "teams" ADD COLUMN "article" text DEFAULT 'o' NOT NULL;
--> statement-breakpoint
-- The reference teams (db/seed/teams.ts) that take "a"; every other one takes "o".
UPDATE "teams" SET "article" = 'a' WHERE "slug" IN ('juventus', 'inter-de-milao', 'argentina', 'franca', 'alemanha', 'holanda', 'italia');
