DROP INDEX "expenses_group_order_idx";--> statement-breakpoint
DROP INDEX "payments_group_order_idx";--> statement-breakpoint
ALTER TABLE "pair_balances" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pair_balances" DROP CONSTRAINT "pair_balances_group_id_currency_user_low_user_high_pk";--> statement-breakpoint
ALTER TABLE "pair_balances" ADD CONSTRAINT "pair_balances_group_id_currency_user_low_user_high_slot_pk" PRIMARY KEY("group_id","currency","user_low","user_high","slot");--> statement-breakpoint
CREATE INDEX "activities_group_idx" ON "activities" USING btree ("group_id","created_at") WHERE "activities"."recipient_id" = "activities"."actor_id";--> statement-breakpoint
CREATE INDEX "expenses_group_order_idx" ON "expenses" USING btree ("group_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_group_order_idx" ON "payments" USING btree ("group_id","date","created_at","id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every change to a user's token version,
-- name or e-mail, and every removal, is announced on channel evenly_users (payload: the user id;
-- `*` for TRUNCATE), delivered on commit to every server process, which drops that user's cached
-- token verifications (src/modules/auth/authenticator.ts).
CREATE FUNCTION "evenly_notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('evenly_users', '*');
  ELSE
    PERFORM pg_notify('evenly_users', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_notify_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.name IS DISTINCT FROM NEW.name
        OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "evenly_notify_user_change"();--> statement-breakpoint
CREATE TRIGGER "users_notify_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "evenly_notify_user_change"();--> statement-breakpoint
CREATE TRIGGER "users_notify_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION "evenly_notify_user_change"();
--> statement-breakpoint
-- Hand-written: adds one write's pairwise changes to pair_balances (see the table's comment in
-- src/db/schema.ts). Slot 0 of a scope (group and currency) has one writer at a time: the
-- transaction that takes the scope's advisory lock without waiting. A writer that finds it taken
-- writes to `spill_slot` instead, so concurrent writers in one group do not queue behind each
-- other's commits. The slot-0 writer also folds the spilled rows of its pairs that nobody holds
-- back into slot 0, so a pair returns to one row once the contention is over. Pairs come sorted
-- by (user_low, user_high), so spill writers lock rows in one order. The sum over a pair's slots
-- is its net throughout.
CREATE FUNCTION "evenly_apply_pair_deltas"(
  p_group integer, p_currency text, p_low integer[], p_high integer[], p_delta bigint[],
  p_spill_slot smallint
) RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  target smallint := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(p_group, hashtext('evenly_pairs:' || p_currency)) THEN
    target := p_spill_slot;
  END IF;
  INSERT INTO pair_balances (group_id, currency, user_low, user_high, net_cents, slot)
  SELECT p_group, p_currency, w.l, w.h, w.d, target
    FROM unnest(p_low, p_high, p_delta) AS w(l, h, d)
   ORDER BY w.l, w.h
  ON CONFLICT (group_id, currency, user_low, user_high, slot)
    DO UPDATE SET net_cents = pair_balances.net_cents + excluded.net_cents;
  IF target = 0 THEN
    WITH spilled AS (
      DELETE FROM pair_balances pb
       USING (SELECT s.ctid FROM pair_balances s JOIN unnest(p_low, p_high) AS w(l, h)
                ON s.user_low = w.l AND s.user_high = w.h
               WHERE s.group_id = p_group AND s.currency = p_currency AND s.slot <> 0
                 FOR UPDATE OF s SKIP LOCKED) AS x
       WHERE pb.ctid = x.ctid
      RETURNING pb.user_low, pb.user_high, pb.net_cents)
    UPDATE pair_balances pb SET net_cents = pb.net_cents + f.net
      FROM (SELECT user_low, user_high, sum(net_cents) AS net FROM spilled
             GROUP BY user_low, user_high) AS f
     WHERE pb.group_id = p_group AND pb.currency = p_currency AND pb.slot = 0
       AND pb.user_low = f.user_low AND pb.user_high = f.user_high;
  END IF;
  RETURN target;
END
$$;
