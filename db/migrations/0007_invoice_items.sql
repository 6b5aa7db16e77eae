ALTER TABLE "invoices" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing lines move onto their invoices, in position order, before their table goes.
UPDATE "invoices" SET "items" = l.items FROM (
  SELECT "invoice_id", jsonb_agg(jsonb_build_object('itemName', "item_name", 'itemPrice', "item_price", 'quantity', "quantity",
    'taxExempt', "tax_exempt", 'kind', "kind", 'componentId', "component_id") ORDER BY "position") AS items
  FROM "invoice_lines" GROUP BY "invoice_id") l
WHERE l."invoice_id" = "invoices"."id";--> statement-breakpoint
DROP TABLE "invoice_lines" CASCADE;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_items" CHECK (jsonb_typeof("invoices"."items") = 'array' and not jsonb_path_exists("invoices"."items", '$[*] ? (!(@.itemName.type() == "string" && @.itemPrice.type() == "number" && @.itemPrice == @.itemPrice.floor() && @.quantity.type() == "number" && @.quantity == @.quantity.floor() && @.quantity > 0 && (@.kind == "discount" || @.itemPrice >= 0) && (@.kind == "item" || @.kind == "setup_fee" || @.kind == "recurring" || @.kind == "component" || @.kind == "usage" || @.kind == "discount") && (@.taxExempt == "Y" || @.taxExempt == "N") && (@.componentId == null || @.componentId.type() == "string")))'));
