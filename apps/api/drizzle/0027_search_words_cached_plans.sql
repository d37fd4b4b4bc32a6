-- Creations with search, cheaper (issue #36 point 3). The search-word triggers (0017) call
-- evenly_search_words_of and evenly_search_comment_words once per expense or comment written.
-- Both were SQL functions, which PostgreSQL cannot inline (a FROM and an aggregate) and so parses
-- and plans again at every call from a trigger: a PL/pgSQL caller's statement is a new execution
-- each time, and a SQL function keeps its plan only within one execution. PL/pgSQL keeps its
-- statements' plans for the connection's life. Measured on the bench's database (PostgreSQL 15,
-- one connection, 2,000 single-row expense inserts): the insert trigger cost 0.25-0.29 ms per
-- expense, of which computing the words was nearly all; in PL/pgSQL 0.04-0.10 ms (docs/benchmarks.md, 2026-12-01).
-- Same words, same results (search-words.test.ts). Hand-written like 0015_search.
CREATE OR REPLACE FUNCTION evenly_search_words_of(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(DISTINCT w), '{}')
      FROM regexp_split_to_table(coalesce(t, ''), '[^[:alnum:]]+') AS w
     WHERE length(w) >= 3);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION evenly_search_comment_words(expense integer) RETURNS text[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(array_agg(DISTINCT w), '{}')
      FROM comments c, unnest(evenly_search_words_of(c.search_text)) AS w
     WHERE c.expense_id = expense);
END
$$;
