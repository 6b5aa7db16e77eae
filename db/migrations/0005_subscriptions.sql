CREATE TABLE "dunning_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"action" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dunning_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"product_group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"overdue_days" integer NOT NULL,
	"overdue_amount_cents" bigint NOT NULL,
	"enforcement_action" text NOT NULL,
	"post_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_components" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"usage" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"cycles_applied" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"product_id" uuid,
	"product_group_id" uuid NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"suspended_by" text,
	"auto_pay" text NOT NULL,
	"pay_method_id" uuid,
	"start_date" date NOT NULL,
	"period_start" date NOT NULL,
	"renewal_date" date,
	"in_trial" text DEFAULT 'N' NOT NULL,
	"override_initial_billing" text NOT NULL,
	"payment_gateway" text,
	"payment_transaction_id" text,
	"custom_field_1" text,
	"custom_field_2" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dunning_actions" ADD CONSTRAINT "dunning_actions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_actions" ADD CONSTRAINT "dunning_actions_rule_id_dunning_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."dunning_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_rules" ADD CONSTRAINT "dunning_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dunning_rules" ADD CONSTRAINT "dunning_rules_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_components" ADD CONSTRAINT "subscription_components_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_components" ADD CONSTRAINT "subscription_components_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_components" ADD CONSTRAINT "subscription_components_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_coupons" ADD CONSTRAINT "subscription_coupons_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_coupons" ADD CONSTRAINT "subscription_coupons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_coupons" ADD CONSTRAINT "subscription_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_actions_once" ON "dunning_actions" USING btree ("rule_id","invoice_id");--> statement-breakpoint
CREATE INDEX "dunning_rules_brand_group" ON "dunning_rules" USING btree ("brand_id","product_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_components_unique" ON "subscription_components" USING btree ("subscription_id","component_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_coupons_unique" ON "subscription_coupons" USING btree ("subscription_id","coupon_id");--> statement-breakpoint
CREATE INDEX "subscriptions_billing" ON "subscriptions" USING btree ("status","renewal_date");--> statement-breakpoint
CREATE INDEX "subscriptions_brand_account" ON "subscriptions" USING btree ("brand_id","customer_account_id");