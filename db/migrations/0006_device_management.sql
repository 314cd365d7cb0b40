CREATE TABLE "sim_commands" (
	"operation_id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"planned_result" integer NOT NULL,
	"complete_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_locks" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb,
	"settings_revision" integer,
	"door_opened_at" timestamp (3) with time zone,
	"door_alerted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_sync_runs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_full_sync" timestamp (3) with time zone NOT NULL,
	"claimed_until" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "external_account" text;--> statement-breakpoint
ALTER TABLE "sim_external_gates" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "sim_commands" ADD CONSTRAINT "sim_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_locks" ADD CONSTRAINT "sim_locks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_sync_runs" ADD CONSTRAINT "gate_sync_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_commands_device_idx" ON "sim_commands" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "sim_commands_due_idx" ON "sim_commands" USING btree ("complete_at");--> statement-breakpoint
CREATE INDEX "gate_sync_due_idx" ON "gate_sync_runs" USING btree ("last_full_sync");--> statement-breakpoint
CREATE INDEX "sim_gates_account_idx" ON "sim_external_gates" USING btree ("account");--> statement-breakpoint
-- Hand-written: commands in flight at the upgrade keep their planned outcome, which the simulator
-- now holds itself (sim_commands) instead of the service's operation record.
INSERT INTO "sim_commands" ("operation_id", "device_id", "planned_result", "complete_at")
SELECT "id", "device_id", "planned_result", "complete_at" FROM "device_operations" WHERE "status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "device_operations" DROP COLUMN "planned_result";--> statement-breakpoint
-- Hand-written: every gate belongs to the external account of its owner (its direct owner access),
-- the external system's gates to the account of the service gate linked to them, and each such
-- account's next automatic full synchronization is due 24 h after this upgrade.
UPDATE "devices" d SET "external_account" = a."user_id"::text
FROM "device_access" a
WHERE d."type" = 5 AND a."device_id" = d."id" AND a."access_level" = 2 AND a."user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sim_external_gates" e SET "account" = d."external_account"
FROM "devices" d
WHERE d."external_id" = e."external_id" AND d."external_account" IS NOT NULL;--> statement-breakpoint
INSERT INTO "gate_sync_runs" ("user_id", "last_full_sync")
SELECT DISTINCT d."external_account"::uuid, now() FROM "devices" d WHERE d."external_account" IS NOT NULL
ON CONFLICT DO NOTHING;