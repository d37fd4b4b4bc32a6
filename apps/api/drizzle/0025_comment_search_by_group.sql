-- Comments searched by group (issue #36 point 1). A search in a group matched comments either by
-- the trigram index over every comment of the instance, joined to the group's expenses (without
-- statistics the planner ran it once per expense of a 20,000-expense group: 0.4–1.2 s), or by
-- key for each of the group's expenses that has comments (7 s a search in the 200,000-expense
-- group, whose 15,000 commented expenses were all read and matched). Each comment now carries
-- its expense's group, and one GIN index holds the group beside the trigrams, as
-- expenses_search_trgm_idx does for expenses: a search reads the trigram lists of its group only,
-- whatever the group's size and with or without statistics. An expense never changes group
-- (the API refuses it), so the copy is set once; the triggers below keep it whatever the order
-- in which rows arrive (a restore writes comments before expenses). Hand-written like
-- 0015_search (not described in schema.ts); plain SQL and PL/pgSQL, so it runs on PGlite too.
ALTER TABLE "comments" ADD COLUMN "group_id" integer;--> statement-breakpoint
UPDATE "comments" c SET "group_id" = e."group_id"
  FROM "expenses" e WHERE e."id" = c."expense_id" AND e."group_id" IS NOT NULL;--> statement-breakpoint
-- A new comment takes its expense's group (a row that already names one, from a backup, keeps it).
CREATE FUNCTION evenly_comment_group_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.group_id INTO NEW.group_id FROM expenses e WHERE e.id = NEW.expense_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_group_fill" BEFORE INSERT ON "comments"
  FOR EACH ROW WHEN (NEW.group_id IS NULL) EXECUTE FUNCTION evenly_comment_group_fill();--> statement-breakpoint
-- An expense written after its comments (a restore of an older backup) gives them its group.
CREATE FUNCTION evenly_expense_comments_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE comments SET group_id = NEW.group_id
   WHERE expense_id = NEW.id AND group_id IS DISTINCT FROM NEW.group_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "expenses_comments_group_insert" AFTER INSERT ON "expenses"
  FOR EACH ROW WHEN (NEW.comment_count > 0) EXECUTE FUNCTION evenly_expense_comments_group();--> statement-breakpoint
CREATE TRIGGER "expenses_comments_group_update" AFTER UPDATE OF "group_id" ON "expenses"
  FOR EACH ROW WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id)
  EXECUTE FUNCTION evenly_expense_comments_group();--> statement-breakpoint
-- fastupdate off: a new comment goes straight into the index rather than into GIN's pending list,
-- which a search must read whole and which the planner prices as such (with a few thousand
-- comments in it, after an import, it chose to read the whole table instead). Comments are few
-- beside expenses, so the dearer insert costs little.
CREATE INDEX "comments_group_search_trgm_idx" ON "comments"
  USING gin ("group_id", "search_text" gin_trgm_ops)
  WITH (fastupdate = off)
  WHERE "group_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "comments_search_trgm_idx";--> statement-breakpoint
-- The typo-correction words of a group are pruned by the same index (0017's function, whose
-- group branch read the comments of the group's expenses through a join).
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
          WHERE e.group_id = g AND e.deleted_at IS NULL
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
