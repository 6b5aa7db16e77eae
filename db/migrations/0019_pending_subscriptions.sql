-- Subscription/Create's initial charge runs in steps: the subscription (status 0, pending) and its
-- events are committed before the gateway is called, the events held for it until the charge settles.
ALTER TABLE "outbox_events" ADD COLUMN "held_for" uuid;--> statement-breakpoint
CREATE INDEX "outbox_events_held" ON "outbox_events" USING btree ("held_for") WHERE "held_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_pending" ON "subscriptions" USING btree ("brand_id","created_at") WHERE "status" = 0;
