-- Issue 32, calendar intervals: what a product's expiration_interval counts (the spec's days by
-- default), and the anchor a subscription's renewal dates count from (lib/pricing/periods.ts).
ALTER TABLE "products" ADD COLUMN "interval_unit" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_interval_unit" CHECK ("interval_unit" in ('day', 'week', 'month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_day" smallint;
