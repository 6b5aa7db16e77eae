CREATE TABLE "customer_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text NOT NULL,
	"company_name" text,
	"cc_email_address" text,
	"phone_number_country_code" text,
	"phone_number" text,
	"address" text,
	"address_2" text,
	"unit" text,
	"unit_type" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"locale" text NOT NULL,
	"timezone_id" text NOT NULL,
	"tax_id" text,
	"tax_exempt" text DEFAULT 'N' NOT NULL,
	"tax_exempt_reason" text,
	"custom_field_1" text,
	"custom_field_2" text,
	"security_code" text NOT NULL,
	"email_verification_code" text NOT NULL,
	"prepaid_balance" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_oauth_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"identity_service" text NOT NULL,
	"state" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"failure_uri" text NOT NULL,
	"create_if_not_exists" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_user_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_user_logins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"ip_address" text,
	"url" text,
	"logged_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_user_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"source" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"customer_account_id" uuid NOT NULL,
	"username" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text NOT NULL,
	"access_level" text NOT NULL,
	"phone_number_country_code" text,
	"phone_number" text,
	"locale" text NOT NULL,
	"timezone_id" text NOT NULL,
	"avatar_uri" text,
	"custom_field_1" text,
	"custom_field_2" text,
	"verified" text DEFAULT 'N' NOT NULL,
	"last_phone_verification_date" timestamp with time zone,
	"last_email_verification_date" timestamp with time zone,
	"password_hash" text NOT NULL,
	"temp_password_hash" text,
	"temp_password_expires_at" timestamp with time zone,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_oauth_flows" ADD CONSTRAINT "customer_oauth_flows_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_user_codes" ADD CONSTRAINT "customer_user_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_user_codes" ADD CONSTRAINT "customer_user_codes_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_user_logins" ADD CONSTRAINT "customer_user_logins_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_user_logins" ADD CONSTRAINT "customer_user_logins_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_user_tokens" ADD CONSTRAINT "customer_user_tokens_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_user_tokens" ADD CONSTRAINT "customer_user_tokens_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_users" ADD CONSTRAINT "customer_users_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_accounts_brand_email" ON "customer_accounts" USING btree ("brand_id",lower("email_address"));--> statement-breakpoint
CREATE INDEX "customer_accounts_brand_created" ON "customer_accounts" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_oauth_flows_state" ON "customer_oauth_flows" USING btree ("state");--> statement-breakpoint
CREATE INDEX "customer_user_codes_user" ON "customer_user_codes" USING btree ("user_id","method","created_at");--> statement-breakpoint
CREATE INDEX "customer_user_logins_user" ON "customer_user_logins" USING btree ("user_id","logged_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_user_tokens_hash" ON "customer_user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_user_tokens_user" ON "customer_user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_users_brand_username" ON "customer_users" USING btree ("brand_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_users_account_email" ON "customer_users" USING btree ("customer_account_id",lower("email_address"));--> statement-breakpoint
CREATE INDEX "customer_users_brand_email" ON "customer_users" USING btree ("brand_id",lower("email_address"));