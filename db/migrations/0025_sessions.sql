-- Sign-in sessions kept on the server (issue 28 item 3): a dashboard or portal cookie names its row
-- and every request checks the row is there, so signing out (which deletes it) ends the session on
-- every instance; "Sign out everywhere" deletes all of a user's rows. Not audited: sign-in bookkeeping.
CREATE TABLE IF NOT EXISTS "staff_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"staff_user_id" uuid NOT NULL REFERENCES "staff_users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_sessions_user" ON "staff_sessions" ("staff_user_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "customer_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL REFERENCES "brands"("id"),
	"user_id" uuid NOT NULL REFERENCES "customer_users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_sessions_user" ON "customer_sessions" ("user_id");
