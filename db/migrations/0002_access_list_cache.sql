CREATE TABLE "device_access_lists" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"built_version" bigint,
	"records" text
);
--> statement-breakpoint
ALTER TABLE "device_access_lists" ADD CONSTRAINT "device_access_lists_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;