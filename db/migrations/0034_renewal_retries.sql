-- Issue 32, retries of declined renewals: the days after a declined renewal charge on which a brand
-- retries it (none by default, as before), and which retry of that schedule a payment attempt was.
-- One attempt per retry and invoice (the unique index), however many runners bill at once.
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "retry_days" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "retry" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_retry_once" ON "payments" USING btree ("invoice_id","retry") WHERE "retry" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_declined" ON "payments" USING btree ("brand_id","created_at") WHERE "status" = 'failed' AND "processed_by" = 'gateway' AND "invoice_id" IS NOT NULL;
