ALTER TABLE "expenses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "expenses_deleted_idx" ON "expenses" USING btree ("deleted_at") WHERE "expenses"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_deleted_idx" ON "payments" USING btree ("deleted_at") WHERE "payments"."deleted_at" is not null;