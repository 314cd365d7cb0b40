CREATE TABLE "access_link_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"access_link_id" uuid NOT NULL,
	"device_id" integer,
	"device_name" text,
	"at" timestamp (3) with time zone NOT NULL,
	"outcome" text NOT NULL,
	"operation_id" uuid
);
--> statement-breakpoint
ALTER TABLE "access_link_uses" ADD CONSTRAINT "access_link_uses_access_link_id_access_links_id_fk" FOREIGN KEY ("access_link_id") REFERENCES "public"."access_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link_uses" ADD CONSTRAINT "access_link_uses_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_link_uses_link_at_idx" ON "access_link_uses" USING btree ("access_link_id","at","id");