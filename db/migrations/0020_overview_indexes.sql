-- The overview's receivables sum each invoice's succeeded payments brand-wide: an index-only scan
-- in invoice order (1.6 s of heap visits to 0.24 s at 270,000 payments under load).
CREATE INDEX IF NOT EXISTS "payments_invoice_paid" ON "payments" USING btree ("brand_id","invoice_id") INCLUDE ("amount") WHERE "payments"."status" = 'succeeded';
