CREATE TABLE "pin_removals" (
	"device_id" integer NOT NULL,
	"pin_id" integer NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pin_removals_device_id_pin_id_pk" PRIMARY KEY("device_id","pin_id")
);
--> statement-breakpoint
ALTER TABLE "pin_removals" ADD CONSTRAINT "pin_removals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;