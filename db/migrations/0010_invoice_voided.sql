ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("brand_id","status","renewal_date","id");--> statement-breakpoint
-- Invoices billing voided before this column: deleted with their period key freed, and generated
-- (no manual 'item' line; a manual invoice never had a period key).
UPDATE "invoices" SET "voided_at" = "deleted_at"
WHERE "deleted_at" IS NOT NULL AND "subscription_id" IS NOT NULL AND "billing_period_start" IS NULL
  AND NOT jsonb_path_exists("items", '$[*] ? (@.kind == "item")');
