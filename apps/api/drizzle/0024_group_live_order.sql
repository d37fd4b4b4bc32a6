CREATE INDEX "expenses_group_live_order_idx" ON "expenses" USING btree ("group_id","date","created_at","id") WHERE "expenses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "expenses_group_idx" ON "expenses" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "payments_group_live_order_idx" ON "payments" USING btree ("group_id","date","created_at","id") WHERE "payments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payments_group_idx" ON "payments" USING btree ("group_id");--> statement-breakpoint
DROP INDEX "expenses_group_order_idx";--> statement-breakpoint
DROP INDEX "payments_group_order_idx";
