CREATE TABLE "expense_items" (
	"expense_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"user_ids" integer[] NOT NULL,
	CONSTRAINT "expense_items_expense_id_position_pk" PRIMARY KEY("expense_id","position")
);
--> statement-breakpoint
ALTER TABLE "expense_items" ADD CONSTRAINT "expense_items_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;