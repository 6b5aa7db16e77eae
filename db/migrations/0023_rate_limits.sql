-- The throttles' counters, shared by every instance over this database (lib/rate-limit/throttle.ts):
-- points used per limiter and key in the current window. Unlogged: a request's counter update writes
-- no WAL (a crash only forgets budgets spent), and a replica never needs them.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
