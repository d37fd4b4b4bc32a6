-- Pair deltas are now written by the writes' own statements (pairCtes in db/pair-slots.ts), and
-- spilled rows are folded after the commit (PairFolder), so the function of migration 0002 is
-- no longer called.
DROP FUNCTION IF EXISTS "evenly_apply_pair_deltas"(integer, text, integer[], integer[], bigint[], smallint);
