CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"time_zone" text NOT NULL,
	"created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_org_idx" ON "sites" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_org_name_uq" ON "sites" USING btree ("organization_id",lower("name"));--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_site_idx" ON "devices" USING btree ("site_id");--> statement-breakpoint
-- Every organization that exists gets one site, named after it ('Main site' when its name is blank),
-- in the zone of its first device (lowest id), else the organization's own zone, else UTC; and
-- every device of that organization belongs to it (issue 35: every device belongs to a site).
INSERT INTO "sites" ("organization_id", "name", "time_zone")
SELECT o."id",
	coalesce(nullif(btrim(o."name"), ''), 'Main site'),
	coalesce(
		(SELECT d."time_zone" FROM "devices" d WHERE d."organization_id" = o."id" ORDER BY d."id" LIMIT 1),
		nullif(o."time_zone", ''),
		'UTC'
	)
FROM "organizations" o;--> statement-breakpoint
UPDATE "devices" d SET "site_id" = s."id" FROM "sites" s WHERE s."organization_id" = d."organization_id";
