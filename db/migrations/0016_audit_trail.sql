-- The audit trail: one row per record a statement created, changed or deleted, written by triggers in
-- the same transaction as the change. Who, from where and when come from the transaction-local setting
-- audit.context that runVerb sets at the start of each transaction (lib/audit/context.ts); a change
-- made outside runVerb is recorded as the system's, at the database's time.
CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"brand_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"api_key_id" uuid,
	"request_id" text,
	"client_address" text,
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"customer_account_id" uuid,
	"action" text NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_entries_brand_at" ON "audit_entries" USING btree ("brand_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_record" ON "audit_entries" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "audit_entries_account" ON "audit_entries" USING btree ("customer_account_id") WHERE "customer_account_id" IS NOT NULL;--> statement-breakpoint
-- A record's columns as json with its secret columns (TG_ARGV[0]) replaced by a mask when set.
CREATE OR REPLACE FUNCTION audit_mask(j jsonb, secrets text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN secrets IS NULL OR cardinality(secrets) = 0 THEN j
    ELSE j || coalesce((SELECT jsonb_object_agg(k, '"***"'::jsonb) FROM unnest(secrets) k WHERE jsonb_typeof(j -> k) NOT IN ('null')), '{}'::jsonb) END
$$;--> statement-breakpoint
-- Statement-level: a bulk billing write is audited by one INSERT ... SELECT over its transition table.
-- TG_ARGV[0]: secret columns (masked), TG_ARGV[1]: columns whose change alone is not worth a row.
-- jit off: the planner's guesses on transition tables made PostgreSQL JIT-compile these small statements (seconds).
CREATE OR REPLACE FUNCTION audit_changes() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  c jsonb := coalesce(nullif(current_setting('audit.context', true), '')::jsonb, '{}'::jsonb);
  secrets text[] := string_to_array(nullif(TG_ARGV[0], ''), ',');
  ignored text[] := array_append(coalesce(string_to_array(nullif(TG_ARGV[1], ''), ','), '{}'), 'updated_at');
  at_ timestamptz := coalesce((c ->> 'at')::timestamptz, now());
  kind text := coalesce(c ->> 'kind', 'system');
  actor uuid := (c ->> 'actor_id')::uuid;
  api_key uuid := (c ->> 'api_key_id')::uuid;
  request text := c ->> 'request_id';
  address text := c ->> 'address';
  ctx_brand uuid := (c ->> 'brand_id')::uuid;
  is_brands boolean := TG_TABLE_NAME = 'brands';
  is_accounts boolean := TG_TABLE_NAME = 'customer_accounts';
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, new_values)
    SELECT CASE WHEN is_brands THEN (r ->> 'id')::uuid ELSE coalesce((r ->> 'brand_id')::uuid, ctx_brand) END,
      at_, kind, actor, api_key, request, address, TG_TABLE_NAME, (r ->> 'id')::uuid,
      CASE WHEN is_accounts THEN (r ->> 'id')::uuid ELSE (r ->> 'customer_account_id')::uuid END,
      'create', audit_mask(r, secrets)
    FROM (SELECT to_jsonb(n) AS r FROM new_rows n) x;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, old_values, new_values)
    SELECT CASE WHEN is_brands THEN (r ->> 'id')::uuid ELSE coalesce((r ->> 'brand_id')::uuid, ctx_brand) END,
      at_, kind, actor, api_key, request, address, TG_TABLE_NAME, (r ->> 'id')::uuid,
      CASE WHEN is_accounts THEN (r ->> 'id')::uuid ELSE (r ->> 'customer_account_id')::uuid END,
      'update', audit_mask(d.old_values, secrets), audit_mask(d.new_values, secrets)
    -- Materialized: otherwise each row's json is built again for every one of its columns.
    FROM (SELECT to_jsonb(n) AS r, to_jsonb(o) AS p FROM new_rows n JOIN old_rows o ON o.id = n.id OFFSET 0) x
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(e.key, x.p -> e.key) AS old_values, jsonb_object_agg(e.key, e.value) AS new_values
      FROM jsonb_each(x.r) e
      WHERE e.value IS DISTINCT FROM x.p -> e.key AND NOT (e.key = ANY (ignored))
    ) d
    WHERE d.new_values IS NOT NULL;
  ELSE
    INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, old_values)
    SELECT CASE WHEN is_brands THEN (r ->> 'id')::uuid ELSE coalesce((r ->> 'brand_id')::uuid, ctx_brand) END,
      at_, kind, actor, api_key, request, address, TG_TABLE_NAME, (r ->> 'id')::uuid,
      CASE WHEN is_accounts THEN (r ->> 'id')::uuid ELSE (r ->> 'customer_account_id')::uuid END,
      'delete', audit_mask(r, secrets)
    FROM (SELECT to_jsonb(o) AS r FROM old_rows o) x;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The audited tables, their secret columns and their noise columns. Not audited (noise or secrets
-- only): idempotency_keys, outbox_events, outbox_attempts, email_deliveries (deliveries have their own
-- page), staff_tokens, customer_user_logins, customer_user_tokens, customer_user_codes,
-- customer_oauth_flows (sign-in sessions and codes), ticket_counters, audit_entries itself.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('service_accounts', '', ''),
    ('staff_users', 'user_key_hash,password_hash,totp_secret', 'failed_sign_ins,locked_until,user_key_last_used_at'),
    ('api_keys', 'key_hash', 'last_used_at'),
    ('brands', 'webhook_secret', ''),
    ('product_groups', '', ''),
    ('products', '', ''),
    ('components', '', ''),
    ('coupons', '', ''),
    ('customer_accounts', '', ''),
    ('customer_users', 'password_hash,temp_password_hash', 'failed_sign_ins,locked_until'),
    ('kb_categories', '', ''),
    ('kb_articles', '', ''),
    ('pay_gateways', 'credentials_1,credentials_2', ''),
    ('pay_methods', 'token', ''),
    ('invoices', '', ''),
    ('payments', '', ''),
    ('notifications', '', ''),
    ('subscriptions', '', ''),
    ('subscription_periods', '', ''),
    ('subscription_components', '', ''),
    ('subscription_coupons', '', ''),
    ('dunning_rules', '', ''),
    ('dunning_actions', '', ''),
    ('notes', '', ''),
    ('tickets', '', ''),
    ('ticket_messages', '', '')
  ) v(name, secrets, ignored) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS audit_insert ON %I', t.name);
    EXECUTE format('DROP TRIGGER IF EXISTS audit_update ON %I', t.name);
    EXECUTE format('DROP TRIGGER IF EXISTS audit_delete ON %I', t.name);
    EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes(%L, %L)', t.name, t.secrets, t.ignored);
    EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes(%L, %L)', t.name, t.secrets, t.ignored);
    EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes(%L, %L)', t.name, t.secrets, t.ignored);
  END LOOP;
END
$$;
