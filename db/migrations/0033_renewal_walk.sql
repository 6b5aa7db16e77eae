-- Issue 34: a brand's renewal chunk (lib/billing/renew-due.ts: active, due, after a cursor, in id order)
-- walked the whole table's primary key, reading every row's heap page: seconds a chunk in a brand of a
-- million with a thirtieth due, and longer the more subscriptions other brands had. This index walks
-- only the brand's active rows in id order and carries the renewal date, so a chunk reads index pages.
CREATE INDEX IF NOT EXISTS "subscriptions_renewal_walk" ON "subscriptions" USING btree ("brand_id","status","id","renewal_date");
