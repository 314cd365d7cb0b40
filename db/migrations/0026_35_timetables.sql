CREATE TABLE "door_timetables" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"rules" jsonb NOT NULL,
	"exceptions" text[] NOT NULL,
	"updated_by" uuid,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_runs" (
	"device_id" integer NOT NULL,
	"slot" text NOT NULL,
	"action" text NOT NULL,
	"due" timestamp (3) with time zone NOT NULL,
	"outcome" text,
	"operation_id" uuid,
	"error" text,
	"ran_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_runs_device_id_slot_pk" PRIMARY KEY("device_id","slot")
);
--> statement-breakpoint
ALTER TABLE "device_operations" ADD COLUMN "by_timetable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "door_timetables" ADD CONSTRAINT "door_timetables_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_timetables" ADD CONSTRAINT "door_timetables_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;