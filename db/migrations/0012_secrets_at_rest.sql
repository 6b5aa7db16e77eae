-- Earlier records were bound to the API key alone and may hold a secret answer in clear: dropped (a replay cache of 24 hours).
DELETE FROM "idempotency_keys";--> statement-breakpoint
DROP INDEX "idempotency_keys_unique";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "user_id" uuid NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_unique" ON "idempotency_keys" USING btree ("brand_id","api_key_id","user_id","key");--> statement-breakpoint
-- Events already delivered or given up keep no credentials (lib/outbox/deliver.ts erases them from now on).
UPDATE "outbox_events" SET "payload" = "payload" #- '{user,initial_password}' #- '{user,temporary_password}' #- '{user,email_verification_code}' WHERE "status" <> 'pending';
