-- Issue 31, numbers: every invoice is named <prefix>-<sequence>, gapless and unique per brand, from
-- a counter per brand and kind of document (lib/document-numbers.ts). The counter's row is
-- locked by the transaction that takes a number until it ends, so a rolled-back one gives its
-- number back and the next taker waits for it: no gaps, no repeats, under any concurrency.
-- The prefix a brand starts from: the initials of its name's words, or a one-word name's first four
-- letters or digits, uppercase; "INV" when that leaves fewer than two (a name in another script).
CREATE OR REPLACE FUNCTION default_invoice_prefix(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(p) >= 2 THEN p ELSE 'INV' END
  FROM (SELECT CASE WHEN cardinality(w) > 1 THEN left(array_to_string(ARRAY(SELECT left(x, 1) FROM unnest(w) x), ''), 10) ELSE left(coalesce(w[1], ''), 4) END AS p
        FROM (SELECT array_remove(regexp_split_to_array(upper(coalesce(name, '')), '[^A-Z0-9]+'), '') AS w) s) q
$$;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "invoice_prefix" text;--> statement-breakpoint
UPDATE "brands" SET "invoice_prefix" = default_invoice_prefix("name") WHERE "invoice_prefix" IS NULL;--> statement-breakpoint
-- A brand written without a prefix (created, or Brand/Update clearing it) gets its name's.
CREATE OR REPLACE FUNCTION brands_invoice_prefix_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.invoice_prefix IS NULL THEN NEW.invoice_prefix := default_invoice_prefix(NEW.name); END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "brands_invoice_prefix_default" ON "brands";--> statement-breakpoint
CREATE TRIGGER "brands_invoice_prefix_default" BEFORE INSERT OR UPDATE OF "invoice_prefix" ON "brands" FOR EACH ROW EXECUTE FUNCTION brands_invoice_prefix_default();--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "invoice_prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_invoice_prefix" CHECK ("invoice_prefix" ~ '^[A-Z0-9]{2,10}$');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "document_counters" (
  "brand_id" uuid NOT NULL REFERENCES "brands"("id"),
  "kind" text NOT NULL,
  "last" bigint NOT NULL,
  CONSTRAINT "document_counters_brand_id_kind_pk" PRIMARY KEY ("brand_id", "kind"),
  CONSTRAINT "document_counters_kind" CHECK ("kind" in ('invoice', 'credit_note')),
  CONSTRAINT "document_counters_last" CHECK ("last" >= 0)
);--> statement-breakpoint
-- A document's name from its brand's prefix and its sequence: 6 digits, more when needed.
CREATE OR REPLACE FUNCTION document_number(prefix text, kind text, seq bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT prefix || CASE kind WHEN 'credit_note' THEN '-CN-' ELSE '-' END || CASE WHEN seq < 1000000 THEN lpad(seq::text, 6, '0') ELSE seq::text END
$$;--> statement-breakpoint
-- Takes the next n sequences of a brand's kind of document in the calling transaction (locking the
-- counter until it ends) and answers the last of them.
CREATE OR REPLACE FUNCTION take_document_sequences(brand uuid, kind text, n bigint) RETURNS bigint LANGUAGE sql VOLATILE AS $$
  INSERT INTO document_counters AS c (brand_id, kind, last) VALUES (brand, kind, n)
  ON CONFLICT (brand_id, kind) DO UPDATE SET last = c.last + excluded.last
  RETURNING c.last
$$;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "number" text;--> statement-breakpoint
-- Existing invoices, numbered per brand in creation order (a pending subscription's first invoice
-- is numbered when its charge goes through, as from now on). Filling a new column is nobody's
-- change: the audit trigger is left out of it.
ALTER TABLE "invoices" DISABLE TRIGGER "audit_update";--> statement-breakpoint
UPDATE "invoices" i SET "number" = document_number(b.invoice_prefix, 'invoice', o.seq)
FROM (SELECT x.id, row_number() OVER (PARTITION BY x.brand_id ORDER BY x.created_at, x.id) AS seq
      FROM invoices x
      WHERE x.number IS NULL AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = x.subscription_id AND s.status = 0)) o,
     brands b
WHERE i.id = o.id AND b.id = i.brand_id;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "audit_update";--> statement-breakpoint
INSERT INTO document_counters (brand_id, kind, last)
SELECT brand_id, 'invoice', count(*) FROM invoices WHERE number IS NOT NULL GROUP BY brand_id
ON CONFLICT (brand_id, kind) DO NOTHING;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_brand_number" ON "invoices" ("brand_id", "number");
