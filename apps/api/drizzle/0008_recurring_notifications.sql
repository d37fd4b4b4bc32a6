CREATE TABLE "expense_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer,
	"created_by_id" integer NOT NULL,
	"template" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"end_date" date,
	"end_count" integer,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_series_skips" (
	"series_id" integer NOT NULL,
	"occurrence_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_series_skips_series_id_occurrence_date_pk" PRIMARY KEY("series_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "follower_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_read_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_digest_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_series_skips" ADD CONSTRAINT "expense_series_skips_series_id_expense_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."expense_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_series_due_idx" ON "expense_series" USING btree ("next_due_at") WHERE "expense_series"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "expense_series_group_idx" ON "expense_series" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_series_id_expense_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."expense_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_series_occurrence_key" ON "expenses" USING btree ("series_id","occurrence_date") WHERE "expenses"."series_id" is not null;--> statement-breakpoint
-- Hand-written: what happened before notifications existed is neither unread nor due in a digest.
UPDATE "users" SET "notifications_read_through" = m.id, "email_digest_through" = m.id
  FROM (SELECT coalesce(max("id"), 0) AS id FROM "activities") m;
