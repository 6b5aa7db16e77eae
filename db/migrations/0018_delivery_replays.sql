ALTER TABLE "outbox_events" ADD COLUMN "replay_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "replayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_attempts" ADD COLUMN "replay" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_events_brand_status" ON "outbox_events" USING btree ("brand_id","status","created_at");
