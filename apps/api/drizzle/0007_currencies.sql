CREATE TABLE "data_fixups" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric NOT NULL,
	"rate_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_base_quote_day_pk" PRIMARY KEY("base","quote","day")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "fx_rate" numeric;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "fx_source" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "fx_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_payer_amounts" bigint[];--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_split_owed" bigint[];--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "currency_mode" text DEFAULT 'CONVERT' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "original_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fx_rate" numeric;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fx_source" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fx_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "exchange_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_currency" text;--> statement-breakpoint
-- Money columns now count minor units of their own currency (ISO 4217), no longer hundredths
-- for every currency. Currencies with 3 and 4 decimals are exact: multiply by 10 and 100.
-- Those with 0 decimals need rounding that keeps every sum exact: src/db/fixups.ts does it.
CREATE TEMP TABLE "fx_scale" ("currency" text PRIMARY KEY, "factor" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "fx_scale" VALUES ('BHD', 10), ('IQD', 10), ('JOD', 10), ('KWD', 10), ('LYD', 10),
  ('OMR', 10), ('TND', 10), ('CLF', 100), ('UYW', 100);--> statement-breakpoint
UPDATE "expense_payers" p SET "amount_paid_cents" = p."amount_paid_cents" * s."factor"
  FROM "expenses" e, "fx_scale" s WHERE e."id" = p."expense_id" AND s."currency" = e."currency";--> statement-breakpoint
UPDATE "expense_splits" p SET "owed_cents" = p."owed_cents" * s."factor"
  FROM "expenses" e, "fx_scale" s WHERE e."id" = p."expense_id" AND s."currency" = e."currency";--> statement-breakpoint
UPDATE "expenses" e SET "amount_cents" = e."amount_cents" * s."factor",
    "payer_amounts" = ARRAY(SELECT x * s."factor" FROM unnest(e."payer_amounts") WITH ORDINALITY AS t(x, o) ORDER BY o),
    "split_owed" = ARRAY(SELECT x * s."factor" FROM unnest(e."split_owed") WITH ORDINALITY AS t(x, o) ORDER BY o)
  FROM "fx_scale" s WHERE s."currency" = e."currency";--> statement-breakpoint
UPDATE "payments" p SET "amount_cents" = p."amount_cents" * s."factor"
  FROM "fx_scale" s WHERE s."currency" = p."currency";--> statement-breakpoint
UPDATE "pair_balances" b SET "net_cents" = b."net_cents" * s."factor"
  FROM "fx_scale" s WHERE s."currency" = b."currency";--> statement-breakpoint
UPDATE "activities" a SET "amount_cents" = a."amount_cents" * s."factor",
    "my_share_cents" = a."my_share_cents" * s."factor"
  FROM "fx_scale" s WHERE s."currency" = a."currency";--> statement-breakpoint
DROP TABLE "fx_scale";
