ALTER TABLE "activities" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "category" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
CREATE INDEX "expenses_creator_category_idx" ON "expenses" USING btree ("created_by_id","id") WHERE "expenses"."category" <> 'general';--> statement-breakpoint
-- Recurring series: each template (the create request's fields) names its category too; those
-- made before categories existed repeat General expenses.
UPDATE "expense_series" SET "template" = "template" || '{"category":"general"}'::jsonb WHERE NOT ("template" ? 'category');
