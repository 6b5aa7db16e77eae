-- Issue 32, proration: a brand setting, off by default ('none': the spec's behaviour 2, changes
-- price the next charge only); 'prorate' bills or credits a change's unused part of the period at once.
ALTER TABLE "brands" ADD COLUMN IF NOT EXISTS "proration" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT IF EXISTS "brands_proration";--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_proration" CHECK ("proration" in ('none', 'prorate'));
