CREATE TABLE "notification_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"last_activity_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_device_prefs" (
	"user_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "notification_device_prefs_user_id_device_id_kind_pk" PRIMARY KEY("user_id","device_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_digest_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"line" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"created" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_done" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_pending" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"since" timestamp (3) with time zone NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"off_kinds" text[] DEFAULT '{}' NOT NULL,
	"updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_unsubscribe" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_device_prefs" ADD CONSTRAINT "notification_device_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_device_prefs" ADD CONSTRAINT "notification_device_prefs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_pending" ADD CONSTRAINT "notification_pending_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_unsubscribe" ADD CONSTRAINT "notification_unsubscribe_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_digest_user_idx" ON "notification_digest_items" USING btree ("user_id","created");--> statement-breakpoint
CREATE INDEX "notification_pending_due_idx" ON "notification_pending" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "notification_unsubscribe_user_idx" ON "notification_unsubscribe" USING btree ("user_id");--> statement-breakpoint
-- the worker starts after the activity already logged: no mail about the past
INSERT INTO "notification_cursor" ("name", "last_activity_id") SELECT 'activity', coalesce(max("id"), 0) FROM "device_activity";
