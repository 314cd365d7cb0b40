CREATE TABLE "service_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_device_faults" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"fault" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_external_gates" (
	"external_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'gate' NOT NULL,
	"impulse_length" integer DEFAULT 1000 NOT NULL,
	"firmware" text DEFAULT '1.0.0' NOT NULL,
	"is_connected" boolean DEFAULT true NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_operations" ADD COLUMN "from_state" integer;--> statement-breakpoint
ALTER TABLE "sim_device_faults" ADD CONSTRAINT "sim_device_faults_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_gates_name_idx" ON "sim_external_gates" USING btree ("name");