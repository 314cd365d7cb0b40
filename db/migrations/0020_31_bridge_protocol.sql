CREATE TABLE "bridge_event_marks" (
	"bridge_id" integer NOT NULL,
	"subject" integer NOT NULL,
	"kind" text NOT NULL,
	"last_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "bridge_event_marks_bridge_id_subject_kind_pk" PRIMARY KEY("bridge_id","subject","kind")
);
--> statement-breakpoint
CREATE TABLE "bridge_links" (
	"bridge_id" integer PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"token_ciphertext" text NOT NULL,
	"token_mode" text DEFAULT 'encrypted' NOT NULL,
	"callback_secret_ciphertext" text NOT NULL,
	"callback_id" integer,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_event_at" timestamp (3) with time zone,
	"reconciled_at" timestamp (3) with time zone,
	"claimed_until" timestamp (3) with time zone,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "keypad_states" CASCADE;--> statement-breakpoint
DROP TABLE "sim_commands" CASCADE;--> statement-breakpoint
DROP TABLE "sim_locks" CASCADE;--> statement-breakpoint
ALTER TABLE "sim_device_faults" DROP CONSTRAINT "sim_device_faults_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "remote_id" integer;--> statement-breakpoint
ALTER TABLE "sim_external_gates" ADD COLUMN "busy_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sim_external_gates" ADD COLUMN "busy_operation_id" uuid;--> statement-breakpoint
ALTER TABLE "bridge_event_marks" ADD CONSTRAINT "bridge_event_marks_bridge_id_devices_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridge_links" ADD CONSTRAINT "bridge_links_bridge_id_devices_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bridge_links_reconciled_idx" ON "bridge_links" USING btree ("reconciled_at");--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "busy_until";--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "busy_operation_id";