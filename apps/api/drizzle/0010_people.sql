CREATE TABLE "group_invite_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_invite_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "cover_emoji" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "cover_color" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'ACCOUNT' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_group_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_added_by_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "friend_link_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_invite_links" ADD CONSTRAINT "group_invite_links_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_links" ADD CONSTRAINT "group_invite_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_invite_links_token_key" ON "group_invite_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "group_invite_links_group_idx" ON "group_invite_links" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guest_group_id_groups_id_fk" FOREIGN KEY ("guest_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guest_added_by_id_users_id_fk" FOREIGN KEY ("guest_added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_friend_link_token_key" ON "users" USING btree ("friend_link_token");--> statement-breakpoint
CREATE INDEX "users_guest_email_idx" ON "users" USING btree ("guest_email") WHERE "users"."kind" = 'GUEST';--> statement-breakpoint
CREATE INDEX "users_guest_group_idx" ON "users" USING btree ("guest_group_id") WHERE "users"."kind" = 'GUEST';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_can_sign_in" CHECK ("users"."kind" <> 'ACCOUNT' or ("users"."email" is not null and "users"."password_hash" is not null));