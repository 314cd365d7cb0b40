CREATE TABLE "lockdown_locks" (
	"lockdown_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"operation_id" uuid,
	"locked_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_until" timestamp (3) with time zone,
	CONSTRAINT "lockdown_locks_lockdown_id_device_id_pk" PRIMARY KEY("lockdown_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "lockdown_suspensions" (
	"lockdown_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref" integer NOT NULL,
	"device_id" integer NOT NULL,
	"on_lock" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	CONSTRAINT "lockdown_suspensions_lockdown_id_kind_ref_pk" PRIMARY KEY("lockdown_id","kind","ref")
);
--> statement-breakpoint
CREATE TABLE "lockdowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"site_id" integer,
	"reason" text NOT NULL,
	"exempt_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"started_by" uuid,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"lifted_by" uuid,
	"lifted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "lockdown_locks" ADD CONSTRAINT "lockdown_locks_lockdown_id_lockdowns_id_fk" FOREIGN KEY ("lockdown_id") REFERENCES "public"."lockdowns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdown_locks" ADD CONSTRAINT "lockdown_locks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdown_suspensions" ADD CONSTRAINT "lockdown_suspensions_lockdown_id_lockdowns_id_fk" FOREIGN KEY ("lockdown_id") REFERENCES "public"."lockdowns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdown_suspensions" ADD CONSTRAINT "lockdown_suspensions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lockdown_locks_device_idx" ON "lockdown_locks" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "lockdown_suspensions_device_idx" ON "lockdown_suspensions" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lockdowns_active_uq" ON "lockdowns" USING btree ("organization_id",coalesce("site_id", 0)) WHERE "lockdowns"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "lockdowns_org_idx" ON "lockdowns" USING btree ("organization_id","started_at");