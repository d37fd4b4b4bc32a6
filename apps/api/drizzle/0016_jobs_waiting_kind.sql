CREATE INDEX "jobs_waiting_kind_idx" ON "jobs" USING btree ("kind","run_after") WHERE "jobs"."failed_at" is null and "jobs"."locked_by" is null;--> statement-breakpoint
-- A queue table: every job is inserted, updated at its claim and deleted, so dead rows pile up
-- at the head of jobs_due_idx and the statistics go stale within seconds of a burst. With the
-- defaults (analyze after 10% of the table changed) the planner kept a bitmap scan + sort of
-- every waiting job for each claim (26 ms with 25,000 waiting, measured) instead of reading the
-- first entry of the index. Vacuum and analyze after every 1,000 changed rows instead.
ALTER TABLE "jobs" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
--> statement-breakpoint
-- Hand-written: the claim (jobs.repository.ts) as a function, so that its plan is always the
-- ordered scan of jobs_due_idx that stops at the first free job, whatever the statistics say.
-- As a prepared statement its generic plan is made once per connection from the statistics of
-- that moment: made from an empty queue's (measured on the benchmark's database, whose server
-- runs with autovacuum off), it was a bitmap scan + sort of every waiting job on every claim:
-- 20 ms with 27,000 waiting. The planner settings
-- below apply only while the function plans and runs; PL/pgSQL keeps the plan for the session.
CREATE FUNCTION "evenly_claim_job"(p_kinds text[], p_lease text, p_lease_ms int)
  RETURNS TABLE (id bigint, kind text, payload jsonb, attempts int)
  LANGUAGE plpgsql
  SET enable_indexscan = on SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  update jobs
     set attempts = jobs.attempts + 1, locked_by = p_lease,
         locked_until = now() + p_lease_ms * interval '1 millisecond'
   where jobs.id = (
     select j.id from jobs j
      where j.failed_at is null and j.run_after <= now()
        and (j.locked_until is null or j.locked_until <= now())
        and j.kind = any(p_kinds)
      order by j.run_after, j.id
      limit 1
      for update skip locked)
  returning jobs.id, jobs.kind, jobs.payload, jobs.attempts;
END
$$;
