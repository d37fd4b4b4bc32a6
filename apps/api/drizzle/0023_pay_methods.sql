CREATE TABLE "pay_methods" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"iban" text,
	"iban_bic" text,
	"iban_holder" text,
	"paypal" text,
	"venmo" text,
	"revolut" text,
	"monzo" text,
	"upi" text,
	"swish" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_methods" ADD CONSTRAINT "pay_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;