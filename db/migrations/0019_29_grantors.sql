ALTER TABLE "user_group_members" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "lock_pins" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_pins" ADD CONSTRAINT "lock_pins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lock_pins_created_by_idx" ON "lock_pins" USING btree ("created_by");