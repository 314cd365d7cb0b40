CREATE TABLE "mobiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "personal_access_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"valid_to" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"last_used_at" timestamp (3) with time zone,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"num_id" serial NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"role" integer DEFAULT 0 NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"group_id" uuid NOT NULL,
	"organization_user_id" integer NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_group_members_group_id_organization_user_id_pk" PRIMARY KEY("group_id","organization_user_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_user_settings" (
	"device_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "device_user_settings_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"organization_id" integer,
	"serial_number" text NOT NULL,
	"name" text NOT NULL,
	"user_identity" text DEFAULT '' NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"device_revision" integer DEFAULT 1 NOT NULL,
	"target_device_revision" integer DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"software_versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_to_id" integer,
	"beacon_major" integer,
	"beacon_minor" integer,
	"is_connected" boolean,
	"last_seen" timestamp (3) with time zone,
	"state" integer,
	"door_state" integer,
	"is_charging" boolean,
	"battery_level" integer,
	"battery_level_modified_time" timestamp (3) with time zone,
	"state_change_result" integer,
	"last_state_changed_date" timestamp (3) with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"was_configured" boolean,
	"is_updating" boolean,
	"external_id" text,
	"external_name" text,
	"external_type" text,
	"impulse_length" integer,
	"icon" integer,
	"location" jsonb,
	"is_present_in_external" boolean,
	"pin_list_version" integer DEFAULT 1 NOT NULL,
	"cert_list_version" integer DEFAULT 1 NOT NULL,
	"cert_list_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"busy_until" timestamp (3) with time zone,
	"busy_operation_id" uuid
);
--> statement-breakpoint
CREATE TABLE "device_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" integer NOT NULL,
	"principal_type" integer NOT NULL,
	"user_id" uuid,
	"group_id" uuid,
	"pending_email" text,
	"access_level" integer NOT NULL,
	"remote_access_disabled" boolean DEFAULT false NOT NULL,
	"start_date" timestamp (3) with time zone,
	"end_date" timestamp (3) with time zone,
	"day_start_time" timestamp (3) with time zone,
	"day_end_time" timestamp (3) with time zone,
	"week_days" integer,
	"created_by" uuid,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_pins" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"alias" text NOT NULL,
	"value_ciphertext" text NOT NULL,
	"value_hmac" text NOT NULL,
	"start_date" timestamp (3) with time zone,
	"end_date" timestamp (3) with time zone,
	"day_start_time" timestamp (3) with time zone,
	"day_end_time" timestamp (3) with time zone,
	"week_days" integer,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" uuid,
	"user_num_id" integer DEFAULT 0 NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"event" integer NOT NULL,
	"source" integer NOT NULL,
	"date" timestamp (3) NOT NULL,
	"access_link_id" uuid,
	"operation_id" uuid
);
--> statement-breakpoint
CREATE TABLE "device_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" integer NOT NULL,
	"type" integer NOT NULL,
	"mode" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"result" integer,
	"planned_result" integer DEFAULT 0 NOT NULL,
	"from_state" integer,
	"user_id" uuid,
	"access_link_id" uuid,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"complete_at" timestamp (3) with time zone NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "access_link_devices" (
	"access_link_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "access_link_devices_access_link_id_device_id_pk" PRIMARY KEY("access_link_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "access_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp (3) with time zone,
	"end_date" timestamp (3) with time zone,
	"token_hash" text NOT NULL,
	"token_ciphertext" text NOT NULL,
	"created_by" uuid,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"mobile_id" integer NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expiration_date" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "service_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"outbox_id" bigint NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"device_id" integer,
	"payload" jsonb NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"organization_id" integer,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"failing" boolean DEFAULT false NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_reason" text,
	"last_failure_at" timestamp (3) with time zone,
	"last_success_at" timestamp (3) with time zone,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
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
ALTER TABLE "mobiles" ADD CONSTRAINT "mobiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_keys" ADD CONSTRAINT "personal_access_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_organization_user_id_organization_users_id_fk" FOREIGN KEY ("organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_user_settings" ADD CONSTRAINT "device_user_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_user_settings" ADD CONSTRAINT "device_user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access" ADD CONSTRAINT "device_access_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access" ADD CONSTRAINT "device_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access" ADD CONSTRAINT "device_access_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_access" ADD CONSTRAINT "device_access_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_pins" ADD CONSTRAINT "lock_pins_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_activity" ADD CONSTRAINT "device_activity_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_operations" ADD CONSTRAINT "device_operations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link_devices" ADD CONSTRAINT "access_link_devices_access_link_id_access_links_id_fk" FOREIGN KEY ("access_link_id") REFERENCES "public"."access_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link_devices" ADD CONSTRAINT "access_link_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_certificates" ADD CONSTRAINT "device_certificates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_certificates" ADD CONSTRAINT "device_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_certificates" ADD CONSTRAINT "device_certificates_mobile_id_mobiles_id_fk" FOREIGN KEY ("mobile_id") REFERENCES "public"."mobiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_device_faults" ADD CONSTRAINT "sim_device_faults_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobiles_user_idx" ON "mobiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pak_prefix_uq" ON "personal_access_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "pak_user_idx" ON "personal_access_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_num_id_uq" ON "users" USING btree ("num_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_users_org_user_uq" ON "organization_users" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "org_users_user_idx" ON "organization_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ugm_org_user_idx" ON "user_group_members" USING btree ("organization_user_id");--> statement-breakpoint
CREATE INDEX "user_groups_org_idx" ON "user_groups" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_org_name_uq" ON "user_groups" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "dus_user_idx" ON "device_user_settings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "devices_org_idx" ON "devices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "devices_connected_to_idx" ON "devices" USING btree ("connected_to_id");--> statement-breakpoint
CREATE INDEX "devices_external_idx" ON "devices" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_device_user_uq" ON "device_access" USING btree ("device_id","user_id") WHERE "device_access"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "access_device_group_uq" ON "device_access" USING btree ("device_id","group_id") WHERE "device_access"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "access_device_pending_uq" ON "device_access" USING btree ("device_id",lower("pending_email")) WHERE "device_access"."pending_email" is not null;--> statement-breakpoint
CREATE INDEX "access_user_idx" ON "device_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_group_idx" ON "device_access" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "access_pending_email_idx" ON "device_access" USING btree (lower("pending_email"));--> statement-breakpoint
CREATE INDEX "lock_pins_device_idx" ON "lock_pins" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_pins_device_value_uq" ON "lock_pins" USING btree ("device_id","value_hmac");--> statement-breakpoint
CREATE INDEX "lock_pins_end_idx" ON "lock_pins" USING btree ("end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_device_date_uq" ON "device_activity" USING btree ("device_id","date");--> statement-breakpoint
CREATE INDEX "activity_device_user_date_idx" ON "device_activity" USING btree ("device_id","user_id","date");--> statement-breakpoint
CREATE INDEX "activity_device_authorless_date_idx" ON "device_activity" USING btree ("device_id","date") WHERE "device_activity"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ops_device_idx" ON "device_operations" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "ops_pending_idx" ON "device_operations" USING btree ("status","complete_at");--> statement-breakpoint
CREATE INDEX "ald_device_idx" ON "access_link_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_links_token_uq" ON "access_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_links_org_idx" ON "access_links" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "certs_device_revoked_idx" ON "device_certificates" USING btree ("device_id","revoked_at");--> statement-breakpoint
CREATE INDEX "certs_user_device_idx" ON "device_certificates" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE INDEX "certs_mobile_idx" ON "device_certificates" USING btree ("mobile_id");--> statement-breakpoint
CREATE INDEX "wh_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "wh_deliv_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "wh_deliv_sub_idx" ON "webhook_deliveries" USING btree ("subscription_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_deliv_outbox_sub_uq" ON "webhook_deliveries" USING btree ("outbox_id","subscription_id");--> statement-breakpoint
CREATE INDEX "wh_outbox_pending_idx" ON "webhook_outbox" USING btree ("dispatched_at","id");--> statement-breakpoint
CREATE INDEX "wh_subs_user_idx" ON "webhook_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wh_subs_org_idx" ON "webhook_subscriptions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sim_gates_name_idx" ON "sim_external_gates" USING btree ("name");