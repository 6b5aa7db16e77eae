ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "user_key_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "user_key_last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "previous_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "previous_webhook_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "request_hash_key" text DEFAULT (gen_random_uuid()::text || gen_random_uuid()::text) NOT NULL;--> statement-breakpoint
UPDATE "brands" SET "request_hash_key" = "webhook_secret";--> statement-breakpoint
CREATE FUNCTION "rb_credentials_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rb_credentials', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "api_keys_credentials_changed" AFTER UPDATE OF "key_hash", "revoked_at", "service_account_id" OR DELETE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "rb_credentials_changed"();--> statement-breakpoint
CREATE TRIGGER "staff_users_credentials_changed" AFTER UPDATE OF "user_key_hash", "disabled_at", "access_level", "service_account_id" OR DELETE ON "staff_users" FOR EACH STATEMENT EXECUTE FUNCTION "rb_credentials_changed"();--> statement-breakpoint
CREATE TRIGGER "brands_credentials_changed" AFTER UPDATE OR DELETE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "rb_credentials_changed"();
