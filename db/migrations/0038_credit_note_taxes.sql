-- Issue 33, tax on documents: a credit note keeps its tax part, one entry per rate of the invoice it
-- credits (its share of that invoice's tax, lib/tax/compute.ts creditNoteTaxes), computed when it is issued.
-- Notes issued before keep none (their invoices carried no tax).
ALTER TABLE "credit_notes" ADD COLUMN IF NOT EXISTS "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;
