-- Expenses searched by scope (issue #36 point 1). expenses_search_trgm_idx held the group beside
-- the trigrams, but the btree indexes on plain group_id serve `group_id = $g` too, and without
-- statistics (after a restore, or where autovacuum is off) the planner guesses every group holds
-- a few dozen rows: it read the 200,000-expense group along expenses_group_live_order_idx and
-- matched the text row by row (357 ms alone, no answer within 8 s under load), where the trigram
-- index answers in a few ms. The new index keys the expense's scope as an expression, its group
-- or 0 outside groups (pair_balances' scope), which no btree serves: a search that asks for
-- `coalesce(group_id, 0) = $g` has this index as its only keyed path, with or without
-- statistics. The word pruning of 0025 asks the same way. Hand-written like 0015_search.
-- fastupdate off, as comments_group_search_trgm_idx (0025): with GIN's pending list (up to 4 MB
-- between flushes, and only VACUUM or autovacuum flushes it) the planner prices a read of the
-- whole list and turned to the group's btree again.
CREATE INDEX "expenses_scope_search_trgm_idx" ON "expenses"
  USING gin ((coalesce("group_id", 0)), "search_text" gin_trgm_ops)
  WITH (fastupdate = off)
  WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "expenses_search_trgm_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION evenly_search_words_prune(g integer, people integer[], words text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(words) = 0 THEN
    RETURN;
  END IF;
  IF g IS NOT NULL THEN
    DELETE FROM search_words k
     WHERE k.group_id = g AND k.word = ANY (words)
       AND NOT EXISTS (
         SELECT 1 FROM expenses e
          WHERE coalesce(e.group_id, 0) = g AND e.deleted_at IS NULL
            AND e.search_text LIKE '%' || k.word || '%'
            AND e.search_text ~ ('(^|[^[:alnum:]])' || k.word || '([^[:alnum:]]|$)'))
       AND NOT EXISTS (
         SELECT 1 FROM comments c JOIN expenses e ON e.id = c.expense_id
          WHERE c.group_id = g AND e.deleted_at IS NULL
            AND c.search_text LIKE '%' || k.word || '%'
            AND c.search_text ~ ('(^|[^[:alnum:]])' || k.word || '([^[:alnum:]]|$)'));
  ELSE
    DELETE FROM search_person_words k
     WHERE k.user_id = ANY (people) AND k.word = ANY (words)
       AND NOT EXISTS (
         SELECT 1 FROM expenses e
          WHERE e.group_id IS NULL AND e.deleted_at IS NULL
            AND (e.payer_user_ids || e.split_user_ids) @> ARRAY[k.user_id]
            AND e.search_text LIKE '%' || k.word || '%'
            AND e.search_text ~ ('(^|[^[:alnum:]])' || k.word || '([^[:alnum:]]|$)'))
       AND NOT EXISTS (
         SELECT 1 FROM expenses e JOIN comments c ON c.expense_id = e.id
          WHERE e.group_id IS NULL AND e.deleted_at IS NULL AND e.comment_count > 0
            AND (e.payer_user_ids || e.split_user_ids) @> ARRAY[k.user_id]
            AND c.search_text LIKE '%' || k.word || '%'
            AND c.search_text ~ ('(^|[^[:alnum:]])' || k.word || '([^[:alnum:]]|$)'));
  END IF;
END
$$;
