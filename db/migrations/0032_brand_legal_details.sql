-- Issue 31, brand details for documents: who issues the brand's invoices (their PDF's seller).
-- address: its lines, joined by line feeds.
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "legal_name" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "address" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "country" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "tax_id" text;
