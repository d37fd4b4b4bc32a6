-- Expense search (issue #14): typo-tolerant (pg_trgm) and accent-insensitive (unaccent) text
-- matching on description, notes and comments, with GIN trigram indexes. Hand-written: the
-- function, the generated columns and the indexes are not described in schema.ts (the function
-- must exist before them), so they live here only (see the note above `expenses` in schema.ts). pg_trgm and unaccent are
-- trusted extensions (PostgreSQL 13+): the database owner may create them. PGlite loads both
-- (db/database.ts), so this runs unchanged on the embedded database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- btree_gin: a GIN index holding a group id beside the trigrams (below).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary is looked up by name through search_path), so it
-- cannot appear in an index. This wrapper names the dictionary by schema-qualified regdictionary
-- (in whatever schema the extension went), which makes it safe to declare IMMUTABLE.
DO $$
DECLARE
  s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace
   WHERE x.extname = 'unaccent';
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION evenly_search_norm(input text) RETURNS text '
    'LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT lower(%I.unaccent(%L::regdictionary, input))', s, s || '.unaccent'));
END
$$;--> statement-breakpoint
-- The searchable text, normalised once when a row is written rather than on every read: of an
-- expense its description and notes, of a comment its content. Generated columns, so every
-- write path keeps them (and backups leave them out: they are computed again on insert).
ALTER TABLE "expenses" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (evenly_search_norm("description" || ' ' || coalesce("notes", ''))) STORED;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (evenly_search_norm("content")) STORED;--> statement-breakpoint
-- The group beside the trigrams: GIN intersects the two and walks the shorter list first, so a
-- search in a group of 300 expenses does not read the trigram lists of all 1,000,000 (and a
-- group's search does not build a bitmap of its 200,000 rows first). Searches of every group's
-- text (no group) use it too.
CREATE INDEX "expenses_search_trgm_idx" ON "expenses"
  USING gin ("group_id", "search_text" gin_trgm_ops)
  WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "comments_search_trgm_idx" ON "comments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Non-group expenses by person (payer or in the split) and their text: what a person sees outside
-- groups, for searches across everything they can see (with or without text).
CREATE INDEX "expenses_nongroup_search_idx" ON "expenses"
  USING gin (("payer_user_ids" || "split_user_ids"), "search_text" gin_trgm_ops)
  WHERE "group_id" IS NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- Every word (3+ characters, normalised) of every expense's and comment's searchable text, kept
-- by triggers on write (words are never removed: a stale one only matches nothing). A typo is
-- corrected against this small table (trigram similarity, pg_trgm's recommended way), and the
-- rows are then found by plain substring matches of the corrected words on search_text, which
-- the trigram indexes serve and recheck cheaply (word_similarity on every candidate row was
-- ten times slower on the benchmark database).
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION evenly_search_words_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
   WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "expenses_search_words" AFTER INSERT OR UPDATE OF "description", "notes" ON "expenses"
  FOR EACH ROW EXECUTE FUNCTION evenly_search_words_keep();--> statement-breakpoint
CREATE TRIGGER "comments_search_words" AFTER INSERT OR UPDATE OF "content" ON "comments"
  FOR EACH ROW EXECUTE FUNCTION evenly_search_words_keep();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (SELECT search_text FROM expenses UNION ALL SELECT search_text FROM comments) t,
       regexp_split_to_table(t.search_text, '[^[:alnum:]]+') AS w
 WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
