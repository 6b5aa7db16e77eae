-- Issue 33, tax: a brand's tax rates (archived, never deleted), and invoice lines of kind 'tax', one per
-- rate an invoice used, carrying the rate's snapshot (lib/tax): their price is the exclusive tax, so the
-- generated total_cents (and every balance and charge read from it) includes it.
-- Row-level security comes from db/tenancy.ts like every table with a brand_id.
CREATE TABLE IF NOT EXISTS "tax_rates" (
  "id" uuid PRIMARY KEY NOT NULL,
  "brand_id" uuid NOT NULL REFERENCES "brands"("id"),
  "name" text NOT NULL,
  "description" text,
  "percentage" bigint NOT NULL,
  "country" text NOT NULL,
  "state" text,
  "inclusive" text DEFAULT 'N' NOT NULL,
  "reverse_charge" text DEFAULT 'N' NOT NULL,
  "archived_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "tax_rates_percentage" CHECK ("percentage" >= 0 and "percentage" <= 1000000)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_rates_brand_country" ON "tax_rates" USING btree ("brand_id","country","created_at");--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT IF EXISTS "invoices_items";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_items" CHECK (jsonb_typeof("invoices"."items") = 'array' and not jsonb_path_exists("invoices"."items", '$[*] ? (!(@.itemName.type() == "string" && @.itemPrice.type() == "number" && @.itemPrice == @.itemPrice.floor() && @.quantity.type() == "number" && @.quantity == @.quantity.floor() && @.quantity > 0 && (@.kind == "discount" || @.itemPrice >= 0) && (@.kind == "item" || @.kind == "setup_fee" || @.kind == "recurring" || @.kind == "component" || @.kind == "usage" || @.kind == "discount" || @.kind == "credit" || @.kind == "tax") && (@.taxExempt == "Y" || @.taxExempt == "N") && (@.componentId == null || @.componentId.type() == "string")))'));--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_insert ON "tax_rates";--> statement-breakpoint
CREATE TRIGGER audit_insert AFTER INSERT ON "tax_rates" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('', '');--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_update ON "tax_rates";--> statement-breakpoint
CREATE TRIGGER audit_update AFTER UPDATE ON "tax_rates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('', '');--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_delete ON "tax_rates";--> statement-breakpoint
CREATE TRIGGER audit_delete AFTER DELETE ON "tax_rates" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('', '');
