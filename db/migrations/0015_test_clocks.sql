ALTER TABLE "brands" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "test_clock_at" timestamp with time zone;
