-- Issue 34: the hourly billing run asks each brand whether anything is to invoice. Asked as "an
-- active subscription due within 72 hours without its invoice", the answer walked every renewal of
-- the window already invoiced (about a tenth of a brand renewing monthly) each hour to find none.
-- A brand's mark is the horizon its last complete generation walk invoiced everything up to
-- (lib/billing/generate-invoices.ts): what is left to invoice lies after it, one probe of the due index.
CREATE TABLE IF NOT EXISTS "billing_marks" (
  "brand_id" uuid PRIMARY KEY NOT NULL REFERENCES "brands"("id"),
  "invoiced_through" date NOT NULL
);--> statement-breakpoint
-- Renewal now walks the due index (brand, status, renewal date, id) too (lib/billing/renew-due.ts).
DROP INDEX IF EXISTS "subscriptions_renewal_walk";
