CREATE TABLE "keypad_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "access_link_devices" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "device_certificates" ADD COLUMN "access_level" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_certificates" ADD COLUMN "key_id" uuid;--> statement-breakpoint
ALTER TABLE "keypad_states" ADD CONSTRAINT "keypad_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link_devices" ADD CONSTRAINT "access_link_devices_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_certificates" ADD CONSTRAINT "device_certificates_key_id_personal_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."personal_access_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certs_key_idx" ON "device_certificates" USING btree ("key_id");--> statement-breakpoint
-- links made before this migration: their devices were put on them by the link's creator
UPDATE "access_link_devices" SET "added_by" = l."created_by" FROM "access_links" l WHERE l."id" = "access_link_devices"."access_link_id";
