CREATE TABLE "changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pos" bigint,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" integer NOT NULL,
	"group_id" integer,
	"recipients" integer[] DEFAULT '{}' NOT NULL,
	"affected" integer[] DEFAULT '{}' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-written: "running" markers are no longer stored (an advisory lock holds a running key).
DELETE FROM "idempotency_keys" WHERE "state" <> 'done' OR "response_status" IS NULL OR "response_body" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "changes_pos_key" ON "changes" USING btree ("pos");--> statement-breakpoint
CREATE INDEX "changes_unstamped_idx" ON "changes" USING btree ("seq") WHERE "changes"."pos" is null;--> statement-breakpoint
CREATE INDEX "changes_at_idx" ON "changes" USING btree ("at");--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "state";--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): changes to a user's token version, name
-- or e-mail, and removals, become rows of the change feed (entity 'user', affected = the user;
-- id 0 on TRUNCATE = every user), so every server process drops that user's cached token
-- verifications in feed order and catches up after a lost connection. The NOTIFY rings the
-- feed's doorbell at once (such changes are rare, so its commit-time lock costs nothing).
CREATE OR REPLACE FUNCTION "evenly_notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO changes (entity, action, entity_id) VALUES ('user', 'deleted', 0);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO changes (entity, action, entity_id, affected) VALUES ('user', 'deleted', OLD.id, ARRAY[OLD.id]);
  ELSE
    INSERT INTO changes (entity, action, entity_id, affected) VALUES ('user', 'updated', OLD.id, ARRAY[OLD.id]);
  END IF;
  PERFORM pg_notify('evenly_feed', '');
  RETURN NULL;
END
$$;
