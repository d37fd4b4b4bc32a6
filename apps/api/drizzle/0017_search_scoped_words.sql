-- Search's typo correction scoped to what the caller can read, and pruned (issue #30 finding 2).
-- Until now search_words held every word of every text of the instance and was never pruned: a
-- word of another group, or of a deleted expense, could take one of a query word's candidate
-- places and so change what a search in one's own group found, which told whether a word exists
-- anywhere on the server. Now the words are kept per scope a search reads:
--   search_words (group_id, word): the words of a group's live expenses and their comments;
--   search_person_words (user_id, word): of the live non-group expenses a person pays or shares,
--     and their comments;
-- and a word goes as soon as no live text of its scope holds it (an expense deleted, restored
-- later, edited; a comment edited or deleted; the group deleted). Hand-written like 0015_search
-- (not described in schema.ts); plain SQL and PL/pgSQL, so it runs unchanged on PGlite.
DROP TRIGGER IF EXISTS "expenses_search_words" ON "expenses";--> statement-breakpoint
DROP TRIGGER IF EXISTS "comments_search_words" ON "comments";--> statement-breakpoint
DROP FUNCTION IF EXISTS evenly_search_words_keep();--> statement-breakpoint
DROP TABLE IF EXISTS "search_words";--> statement-breakpoint
CREATE TABLE "search_words" (
  "group_id" integer NOT NULL REFERENCES "groups" ("id") ON DELETE CASCADE,
  "word" text NOT NULL,
  PRIMARY KEY ("group_id", "word")
);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("group_id", "word" gin_trgm_ops);--> statement-breakpoint
-- No foreign key: user ids come from the expenses' payer and split arrays, which have none.
CREATE TABLE "search_person_words" (
  "user_id" integer NOT NULL,
  "word" text NOT NULL,
  PRIMARY KEY ("user_id", "word")
);--> statement-breakpoint
CREATE INDEX "search_person_words_trgm_idx" ON "search_person_words" USING gin ("user_id", "word" gin_trgm_ops);--> statement-breakpoint
-- The words (3+ characters) of a normalised text, as the search corrects against.
CREATE FUNCTION evenly_search_words_of(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}')
    FROM regexp_split_to_table(coalesce(t, ''), '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3
$$;--> statement-breakpoint
-- The words of an expense's comments.
CREATE FUNCTION evenly_search_comment_words(expense integer) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}')
    FROM comments c, unnest(evenly_search_words_of(c.search_text)) AS w
   WHERE c.expense_id = expense
$$;--> statement-breakpoint
-- Adds words to the scope of a live expense: its group, or each person of a non-group one.
CREATE FUNCTION evenly_search_words_add(g integer, people integer[], words text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(words) = 0 THEN
    RETURN;
  END IF;
  IF g IS NOT NULL THEN
    INSERT INTO search_words (group_id, word)
    SELECT g, w FROM unnest(words) AS w
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_person_words (user_id, word)
    SELECT DISTINCT p, w FROM unnest(people) AS p, unnest(words) AS w
    ON CONFLICT DO NOTHING;
  END IF;
END
$$;--> statement-breakpoint
-- Removes those of `words` that no live text of the scope holds any more (as a whole word: the
-- LIKE lets the trigram indexes find the candidates, the pattern checks the word's bounds).
CREATE FUNCTION evenly_search_words_prune(g integer, people integer[], words text[]) RETURNS void
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
          WHERE e.group_id = g AND e.deleted_at IS NULL
            AND e.search_text LIKE '%' || k.word || '%'
            AND e.search_text ~ ('(^|[^[:alnum:]])' || k.word || '([^[:alnum:]]|$)'))
       AND NOT EXISTS (
         SELECT 1 FROM comments c JOIN expenses e ON e.id = c.expense_id
          WHERE e.group_id = g AND e.deleted_at IS NULL
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
         SELECT 1 FROM comments c JOIN expenses e ON e.id = c.expense_id
          WHERE e.group_id IS NULL AND e.deleted_at IS NULL
            AND (e.payer_user_ids || e.split_user_ids) @> ARRAY[k.user_id]
            AND c.search_text LIKE '%' || k.word || '%'
            AND c.search_text ~ ('(^|[^[:alnum:]])' || k.word || '([^[:alnum:]]|$)'));
  END IF;
END
$$;--> statement-breakpoint
-- An expense's words (with its comments' when it appears, disappears or changes scope).
CREATE FUNCTION evenly_search_words_expense() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A restore may insert the comments first.
    IF NEW.deleted_at IS NULL THEN
      PERFORM evenly_search_words_add(NEW.group_id, NEW.payer_user_ids || NEW.split_user_ids,
        evenly_search_words_of(NEW.search_text) || evenly_search_comment_words(NEW.id));
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- A live expense goes only with its group, whose words go with it (foreign key).
    IF OLD.deleted_at IS NULL AND (OLD.group_id IS NULL
        OR EXISTS (SELECT 1 FROM groups WHERE id = OLD.group_id)) THEN
      PERFORM evenly_search_words_prune(OLD.group_id, OLD.payer_user_ids || OLD.split_user_ids,
        evenly_search_words_of(OLD.search_text) || evenly_search_comment_words(OLD.id));
    END IF;
    RETURN NULL;
  END IF;
  moved := (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
        OR OLD.group_id IS DISTINCT FROM NEW.group_id
        OR (NEW.group_id IS NULL AND (OLD.payer_user_ids || OLD.split_user_ids)
              IS DISTINCT FROM (NEW.payer_user_ids || NEW.split_user_ids));
  IF NEW.deleted_at IS NULL THEN
    PERFORM evenly_search_words_add(NEW.group_id, NEW.payer_user_ids || NEW.split_user_ids,
      evenly_search_words_of(NEW.search_text)
        || CASE WHEN moved THEN evenly_search_comment_words(NEW.id) ELSE '{}' END);
  END IF;
  IF OLD.deleted_at IS NULL THEN
    PERFORM evenly_search_words_prune(OLD.group_id, OLD.payer_user_ids || OLD.split_user_ids,
      evenly_search_words_of(OLD.search_text)
        || CASE WHEN moved THEN evenly_search_comment_words(OLD.id) ELSE '{}' END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "expenses_search_words_insert" AFTER INSERT ON "expenses"
  FOR EACH ROW EXECUTE FUNCTION evenly_search_words_expense();--> statement-breakpoint
CREATE TRIGGER "expenses_search_words_delete" AFTER DELETE ON "expenses"
  FOR EACH ROW EXECUTE FUNCTION evenly_search_words_expense();--> statement-breakpoint
CREATE TRIGGER "expenses_search_words_update" AFTER UPDATE ON "expenses"
  FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
        OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
        OR OLD.group_id IS DISTINCT FROM NEW.group_id
        OR (NEW.group_id IS NULL AND (OLD.payer_user_ids || OLD.split_user_ids)
              IS DISTINCT FROM (NEW.payer_user_ids || NEW.split_user_ids)))
  EXECUTE FUNCTION evenly_search_words_expense();--> statement-breakpoint
-- A comment's words, in the scope of its expense while that is live.
CREATE FUNCTION evenly_search_words_comment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e record;
BEGIN
  SELECT x.group_id, x.payer_user_ids || x.split_user_ids AS people INTO e
    FROM expenses x
   WHERE x.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.expense_id ELSE NEW.expense_id END
     AND x.deleted_at IS NULL;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM evenly_search_words_add(e.group_id, e.people, evenly_search_words_of(NEW.search_text));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM evenly_search_words_prune(e.group_id, e.people, evenly_search_words_of(OLD.search_text));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_search_words_insert" AFTER INSERT ON "comments"
  FOR EACH ROW EXECUTE FUNCTION evenly_search_words_comment();--> statement-breakpoint
CREATE TRIGGER "comments_search_words_delete" AFTER DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION evenly_search_words_comment();--> statement-breakpoint
CREATE TRIGGER "comments_search_words_update" AFTER UPDATE ON "comments"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION evenly_search_words_comment();--> statement-breakpoint
-- The words of what exists now (stale words of deleted texts and other scopes are left behind).
INSERT INTO search_words (group_id, word)
SELECT DISTINCT t.group_id, w
  FROM (SELECT e.group_id, e.search_text FROM expenses e
         WHERE e.group_id IS NOT NULL AND e.deleted_at IS NULL
        UNION ALL
        SELECT e.group_id, c.search_text FROM comments c JOIN expenses e ON e.id = c.expense_id
         WHERE e.group_id IS NOT NULL AND e.deleted_at IS NULL) t,
       unnest(evenly_search_words_of(t.search_text)) AS w;--> statement-breakpoint
INSERT INTO search_person_words (user_id, word)
SELECT DISTINCT p, w
  FROM (SELECT e.payer_user_ids || e.split_user_ids AS people, e.search_text FROM expenses e
         WHERE e.group_id IS NULL AND e.deleted_at IS NULL
        UNION ALL
        SELECT e.payer_user_ids || e.split_user_ids, c.search_text
          FROM comments c JOIN expenses e ON e.id = c.expense_id
         WHERE e.group_id IS NULL AND e.deleted_at IS NULL) t,
       unnest(t.people) AS p,
       unnest(evenly_search_words_of(t.search_text)) AS w;
