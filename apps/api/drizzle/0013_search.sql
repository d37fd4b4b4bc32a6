-- Expense search (issue #14): typo-tolerant (pg_trgm) and accent-insensitive (unaccent) text
-- matching on description, notes and comments, with GIN trigram indexes. Hand-written: the
-- function and the expression indexes are not described in schema.ts (drizzle-kit cannot), so
-- they live here only (see the note above `expenses` in schema.ts). pg_trgm and unaccent are
-- trusted extensions (PostgreSQL 13+): the database owner may create them. PGlite loads both
-- (db/database.ts), so this runs unchanged on the embedded database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
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
-- Searchable text of an expense: its description and notes, as one normalised string. Queries
-- must spell the expression exactly like this for the index to serve them (search.repository.ts).
CREATE INDEX "expenses_search_trgm_idx" ON "expenses"
  USING gin (evenly_search_norm("description" || ' ' || coalesce("notes", '')) gin_trgm_ops)
  WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "comments_search_trgm_idx" ON "comments"
  USING gin (evenly_search_norm("content") gin_trgm_ops);--> statement-breakpoint
-- Non-group expenses by person (payer or in the split): what a person sees outside groups, for
-- searches across everything they can see.
CREATE INDEX "expenses_nongroup_people_idx" ON "expenses"
  USING gin (("payer_user_ids" || "split_user_ids"))
  WHERE "group_id" IS NULL AND "deleted_at" IS NULL;
