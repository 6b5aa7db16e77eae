CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_name" text NOT NULL,
	"item_price" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"tax_exempt" text DEFAULT 'N' NOT NULL,
	"kind" text DEFAULT 'item' NOT NULL,
	"component_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_price" CHECK ("invoice_lines"."kind" = 'discount' or "invoice_lines"."item_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"subscription_id" uuid,
	"billing_period_start" date,
	"due_date" date NOT NULL,
	"custom_field_1" text,
	"custom_field_2" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_gateways" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"credentials_1" text NOT NULL,
	"credentials_1_hint" text NOT NULL,
	"credentials_2" text,
	"credentials_2_hint" text,
	"default_cc" text DEFAULT 'N' NOT NULL,
	"default_ba" text DEFAULT 'N' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"type" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"expiration_month" smallint,
	"expiration_year" smallint,
	"holder_name" text,
	"account_type" text,
	"verified" text DEFAULT 'N' NOT NULL,
	"is_default" text DEFAULT 'N' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"invoice_id" uuid,
	"pay_method_id" uuid,
	"gateway_id" uuid,
	"target" text NOT NULL,
	"processed_by" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"payment_gateway" text,
	"payment_transaction_id" text,
	"failure_reason" text,
	"refund_transaction_id" text,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_target" CHECK (("payments"."target" = 'invoice') = ("payments"."invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_gateways" ADD CONSTRAINT "pay_gateways_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_methods" ADD CONSTRAINT "pay_methods_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_methods" ADD CONSTRAINT "pay_methods_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_methods" ADD CONSTRAINT "pay_methods_gateway_id_pay_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."pay_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_method_id_pay_methods_id_fk" FOREIGN KEY ("pay_method_id") REFERENCES "public"."pay_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_id_pay_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."pay_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_subscription_period" ON "invoices" USING btree ("subscription_id","billing_period_start");--> statement-breakpoint
CREATE INDEX "invoices_brand_created" ON "invoices" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_brand_account" ON "invoices" USING btree ("brand_id","customer_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_gateways_default_cc" ON "pay_gateways" USING btree ("brand_id") WHERE "pay_gateways"."default_cc" = 'Y' and "pay_gateways"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_gateways_default_ba" ON "pay_gateways" USING btree ("brand_id") WHERE "pay_gateways"."default_ba" = 'Y' and "pay_gateways"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pay_gateways_brand" ON "pay_gateways" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_methods_one_default" ON "pay_methods" USING btree ("customer_account_id") WHERE "pay_methods"."is_default" = 'Y' and "pay_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pay_methods_brand_account" ON "pay_methods" USING btree ("brand_id","customer_account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_brand_invoice" ON "payments" USING btree ("brand_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_brand_account" ON "payments" USING btree ("brand_id","customer_account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_brand_transaction" ON "payments" USING btree ("brand_id","payment_transaction_id");--> statement-breakpoint
CREATE INDEX "payments_brand_pay_method" ON "payments" USING btree ("brand_id","pay_method_id");--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("brand_id","created_at") WHERE "payments"."status" = 'pending';