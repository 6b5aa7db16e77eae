-- The local mailbox masks an email's credentials a day after keeping it (issue 28 item 5):
-- masked_html is the same email with them masked, and replaces html then (lib/outbox/deliver.ts).
ALTER TABLE "email_deliveries" ADD COLUMN IF NOT EXISTS "masked_html" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_deliveries_to_mask" ON "email_deliveries" ("created_at") WHERE "masked_html" IS NOT NULL;--> statement-breakpoint
-- Emails kept before carry their credentials in clear and no masked copy: the kinds that carry one
-- (a password, a code, a sign-in link) lose their text; the row stays, as the delivery's record.
UPDATE "email_deliveries" SET "html" = NULL
  WHERE "html" IS NOT NULL AND "event_type" IN ('Account/Create', 'User/Create', 'User/PasswdReset', 'User/2FARequest', 'staff/invite', 'staff/password-reset');
