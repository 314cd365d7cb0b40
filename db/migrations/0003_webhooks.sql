ALTER TABLE "webhook_subscriptions" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "last_failure_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "last_success_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "wh_deliv_outbox_sub_uq" ON "webhook_deliveries" USING btree ("outbox_id","subscription_id");