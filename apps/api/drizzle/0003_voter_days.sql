CREATE TABLE "voter_days" (
	"voter_key" text NOT NULL,
	"day" date NOT NULL,
	"counted" integer NOT NULL,
	CONSTRAINT "voter_days_voter_key_day_pk" PRIMARY KEY("voter_key","day")
);
