CREATE TABLE "subscription_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date,
	"invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_once" ON "subscription_periods" USING btree ("subscription_id","period_start");--> statement-breakpoint
-- Periods already started: each subscription invoice whose period began on or before the
-- subscription's current period start; each ends where the next begins (the last at the renewal date).
INSERT INTO "subscription_periods" ("id", "brand_id", "subscription_id", "period_start", "period_end", "invoice_id", "created_at")
SELECT gen_random_uuid(), i."brand_id", i."subscription_id", i."billing_period_start",
  coalesce(lead(i."billing_period_start") OVER (PARTITION BY i."subscription_id" ORDER BY i."billing_period_start"), s."renewal_date"),
  i."id", i."created_at"
FROM "invoices" i JOIN "subscriptions" s ON s."id" = i."subscription_id"
WHERE i."billing_period_start" IS NOT NULL AND i."billing_period_start" <= s."period_start";
