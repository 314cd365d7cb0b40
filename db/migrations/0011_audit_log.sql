CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_num_id" integer DEFAULT 0 NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"via" text NOT NULL,
	"actor_key_id" uuid,
	"client_address" text,
	"action" text NOT NULL,
	"device_id" integer,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_org_at_idx" ON "audit_log" USING btree ("organization_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_device_idx" ON "audit_log" USING btree ("device_id","at" DESC NULLS LAST) WHERE "audit_log"."device_id" is not null;