-- Issue 31, issued invoices do not change: a final invoice (something paid on it) keeps its lines;
-- a later decrease is a credit note (credited_cents), a rise or a renewal's usage a new invoice
-- that adds to it (adjusts_invoice_id). Credit notes are numbered per brand and never change.
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "repriced_items" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "adjusts_invoice_id" uuid REFERENCES "invoices"("id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_adjusts" ON "invoices" USING btree ("brand_id","adjusts_invoice_id") WHERE "adjusts_invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "credit_notes" (
  "id" uuid PRIMARY KEY NOT NULL,
  "brand_id" uuid NOT NULL REFERENCES "brands"("id"),
  "customer_account_id" uuid NOT NULL REFERENCES "customer_accounts"("id"),
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
  "payment_id" uuid REFERENCES "payments"("id"),
  "number" text NOT NULL,
  "reason" text NOT NULL,
  "destination" text NOT NULL,
  "amount" bigint NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "credit_notes_amount" CHECK ("amount" > 0),
  CONSTRAINT "credit_notes_reason" CHECK ("reason" in ('repriced', 'deleted', 'withdrawn', 'refunded')),
  CONSTRAINT "credit_notes_destination" CHECK ("destination" in ('prepaid_balance', 'refund'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "credit_notes_brand_number" ON "credit_notes" USING btree ("brand_id","number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_notes_brand_invoice" ON "credit_notes" USING btree ("brand_id","invoice_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_notes_brand_account" ON "credit_notes" USING btree ("brand_id","customer_account_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_notes_brand_created" ON "credit_notes" USING btree ("brand_id","created_at");--> statement-breakpoint
-- The overview reads what is due (total - credited - paid) of the issued invoices (numbered: not a
-- pending first charge's) from the indexes alone, as before.
DROP INDEX IF EXISTS "invoices_live_balance";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_live_balance" ON "invoices" USING btree ("brand_id","id") INCLUDE ("total_cents","due_date","credited_cents","number") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_live_created";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_live_created" ON "invoices" USING btree ("brand_id","created_at") INCLUDE ("total_cents","number") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_insert ON "credit_notes";--> statement-breakpoint
CREATE TRIGGER audit_insert AFTER INSERT ON "credit_notes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('', '');--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_update ON "credit_notes";--> statement-breakpoint
CREATE TRIGGER audit_update AFTER UPDATE ON "credit_notes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('', '');--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_delete ON "credit_notes";--> statement-breakpoint
CREATE TRIGGER audit_delete AFTER DELETE ON "credit_notes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('', '');
