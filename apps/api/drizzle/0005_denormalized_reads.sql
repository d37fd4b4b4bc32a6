DROP INDEX "activities_recipient_idx";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payer_user_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payer_amounts" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "split_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "split_user_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "split_owed" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "split_values" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_recipient_idx" ON "activities" USING btree ("recipient_id","id");--> statement-breakpoint
-- Hand-written: fill the copies for the expenses written before this migration.
UPDATE "expenses" e SET "payer_user_ids" = p.u, "payer_amounts" = p.a
  FROM (SELECT expense_id, array_agg(user_id ORDER BY position) AS u,
               array_agg(amount_paid_cents ORDER BY position) AS a
          FROM expense_payers GROUP BY expense_id) p
 WHERE p.expense_id = e.id;--> statement-breakpoint
UPDATE "expenses" e SET "split_ids" = s.i, "split_user_ids" = s.u, "split_owed" = s.o,
       "split_values" = s.v
  FROM (SELECT expense_id, array_agg(id ORDER BY position) AS i,
               array_agg(user_id ORDER BY position) AS u,
               array_agg(owed_cents ORDER BY position) AS o,
               array_agg(value ORDER BY position) AS v
          FROM expense_splits GROUP BY expense_id) s
 WHERE s.expense_id = e.id;--> statement-breakpoint
UPDATE "expenses" e SET "comment_count" = c.n
  FROM (SELECT expense_id, count(*)::int AS n FROM comments GROUP BY expense_id) c
 WHERE c.expense_id = e.id;
--> statement-breakpoint
-- Hand-written: one round trip for the change feed's stamper (src/db/change-feed.ts). Gives the
-- committed, unstamped changes their positions in one transaction, when it gets the stamper's
-- lock without waiting; returns them (so the caller can deliver them without reading them back)
-- with the base they follow, and rings the doorbell. Each statement of a plpgsql function takes
-- its own snapshot, so the head read after the lock includes every stamp committed before it.
-- NULL: nothing to stamp; {"busy": true}: another process is stamping.
CREATE FUNCTION "evenly_stamp_changes"(p_batch integer) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
  stamped jsonb;
  n integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changes WHERE pos IS NULL) THEN
    RETURN NULL;
  END IF;
  IF NOT pg_try_advisory_xact_lock(727450002) THEN
    RETURN jsonb_build_object('busy', true);
  END IF;
  SELECT coalesce(max(pos), 0) INTO base FROM changes;
  WITH todo AS (
    SELECT seq, row_number() OVER (ORDER BY seq) AS k
      FROM (SELECT seq FROM changes WHERE pos IS NULL ORDER BY seq LIMIT p_batch) s),
  upd AS (
    UPDATE changes c SET pos = base + todo.k FROM todo WHERE c.seq = todo.seq
    RETURNING c.pos, c.entity, c.action, c.entity_id, c.group_id, c.recipients, c.affected, c.at)
  SELECT coalesce(jsonb_agg(jsonb_build_array(pos, entity, action, entity_id, group_id,
           recipients, affected,
           to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY pos), '[]'),
         count(*)
    INTO stamped, n FROM upd;
  IF n > 0 THEN
    PERFORM pg_notify('evenly_feed', (base + n)::text);
  END IF;
  RETURN jsonb_build_object('base', base, 'rows', stamped);
END
$$;
