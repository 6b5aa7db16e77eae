CREATE TABLE "components" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"product_group_id" uuid NOT NULL,
	"component_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"starting_quantity" integer,
	"maximum_units" integer,
	"unit_price_cents" bigint NOT NULL,
	"setup_fee_cents" bigint,
	"taxable" text NOT NULL,
	"custom_field_1" text,
	"custom_field_2" text
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"coupon_code" text NOT NULL,
	"name" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" bigint NOT NULL,
	"duration" text NOT NULL,
	"duration_cycles" integer,
	"expiration_date" date,
	"max_redemptions" integer,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"stackable" text NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"action_url" text,
	"var1" jsonb,
	"var2" jsonb,
	"var3" jsonb,
	"var4" jsonb,
	"var5" jsonb,
	"var6" jsonb,
	"var7" jsonb,
	"var8" jsonb,
	"var9" jsonb,
	"var10" jsonb
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"product_group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"expiration_interval" integer NOT NULL,
	"setup_fee_cents" bigint NOT NULL,
	"recurring_price_cents" bigint NOT NULL,
	"trial" text NOT NULL,
	"trial_interval" integer,
	"trial_price_cents" bigint,
	"auto_pay_discount" text NOT NULL,
	"auto_pay_discount_amount_cents" bigint,
	"prompt_for_variables" text NOT NULL,
	"tax_exempt" text NOT NULL,
	"custom_field_1" text,
	"custom_field_2" text
);
--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "components_brand_group" ON "components" USING btree ("brand_id","product_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_brand_code" ON "coupons" USING btree ("brand_id",lower("coupon_code")) WHERE "coupons"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_groups_brand" ON "product_groups" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "products_brand_group" ON "products" USING btree ("brand_id","product_group_id");