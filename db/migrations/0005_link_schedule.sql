ALTER TABLE "access_links" ADD COLUMN "day_start_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "access_links" ADD COLUMN "day_end_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "access_links" ADD COLUMN "week_days" integer;