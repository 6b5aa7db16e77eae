-- Issue 31, currency: the ISO 4217 code a brand bills in. Every existing brand billed in dollars.
-- Amounts stay integer minor units of it (lib/money.ts: USD cents, JPY yen, KWD fils).
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT IF EXISTS "brands_currency";--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_currency" CHECK ("currency" ~ '^[A-Z]{3}$');
