-- audit_changes as in 0040, writing the same entries, with a cheaper bulk UPDATE statement (issue 34
-- item 6; measured in docs/benchmarks.md, bench/audit). Up to 20 rows: 0040's key-by-key json diff,
-- unchanged. More rows: the columns that any row changed are found as in 0040 (now without id, equal
-- in every pair the join makes); then a row's json is only built when that row changed one of them
-- (0040 built it for every row and dropped the unchanged rows after), and a row that changed every
-- one of them (a bulk update's rows mostly do) takes its json as built, where 0040 built an array of
-- the row's unchanged columns and subtracted it from both values for every row.
-- The trail's storage is unchanged (tests/audit-update-paths.test.ts: entries equal to 0040's).
CREATE OR REPLACE FUNCTION audit_changes() RETURNS trigger LANGUAGE plpgsql SET jit = off SET work_mem = '64MB' SET enable_mergejoin = off AS $$
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
  masked boolean := coalesce(cardinality(secrets), 0) > 0;
  cols text[];
  compare text[];
  changed boolean[];
  every_ text;
  any_ text;
  unchanged text;
  olds text;
  news text;
  few boolean := false;
BEGIN
  -- Asked apart from the IF below: an expression naming new_rows fails to plan in a DELETE's trigger.
  IF TG_OP = 'UPDATE' THEN
    few := (SELECT count(*) FROM (SELECT FROM new_rows LIMIT 21) x) <= 20;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, new_values)
    SELECT CASE WHEN is_brands THEN (r ->> 'id')::uuid ELSE coalesce((r ->> 'brand_id')::uuid, ctx_brand) END,
      at_, kind, actor, api_key, request, address, TG_TABLE_NAME, (r ->> 'id')::uuid,
      CASE WHEN is_accounts THEN (r ->> 'id')::uuid ELSE (r ->> 'customer_account_id')::uuid END,
      'create', CASE WHEN masked THEN audit_mask(r, secrets) ELSE r END
    FROM (SELECT to_jsonb(n) AS r FROM new_rows n OFFSET 0) x;
  ELSIF TG_OP = 'UPDATE' AND few THEN
    INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, old_values, new_values)
    SELECT CASE WHEN is_brands THEN (r ->> 'id')::uuid ELSE coalesce((r ->> 'brand_id')::uuid, ctx_brand) END,
      at_, kind, actor, api_key, request, address, TG_TABLE_NAME, (r ->> 'id')::uuid,
      CASE WHEN is_accounts THEN (r ->> 'id')::uuid ELSE (r ->> 'customer_account_id')::uuid END,
      'update', CASE WHEN masked THEN audit_mask(d.old_values, secrets) ELSE d.old_values END,
      CASE WHEN masked THEN audit_mask(d.new_values, secrets) ELSE d.new_values END
    FROM (SELECT to_jsonb(n) AS r, to_jsonb(o) AS p FROM new_rows n JOIN old_rows o ON o.id = n.id OFFSET 0) x
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(e.key, x.p -> e.key) AS old_values, jsonb_object_agg(e.key, e.value) AS new_values
      FROM jsonb_each(x.r) e
      WHERE e.value IS DISTINCT FROM x.p -> e.key AND NOT (e.key = ANY (ignored))
    ) d
    WHERE d.new_values IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Each column but id (equal in every pair the join makes) and the ignored ones, and how a row's
    -- old and new value of it are compared (as text for the types without an equality operator).
    SELECT array_agg(attname::text ORDER BY attnum),
      array_agg(CASE WHEN atttypid IN ('json'::regtype, 'xml'::regtype, 'point'::regtype)
        THEN format('n.%1$I::text IS DISTINCT FROM o.%1$I::text', attname) ELSE format('n.%1$I IS DISTINCT FROM o.%1$I', attname) END ORDER BY attnum)
      INTO cols, compare
    FROM pg_attribute WHERE attrelid = TG_RELID AND attnum > 0 AND NOT attisdropped AND attname <> 'id' AND NOT (attname = ANY (ignored));
    EXECUTE format('SELECT ARRAY[%s] FROM new_rows n JOIN old_rows o ON o.id = n.id',
      (SELECT string_agg(format('coalesce(bool_or(%s), false)', e), ', ') FROM unnest(compare) e)) INTO changed;
    SELECT string_agg(format('(%s)', x.e), ' AND '), string_agg(format('(%s)', x.e), ' OR '),
      string_agg(format('CASE WHEN NOT (%s) THEN %L END', x.e, x.col), ', '),
      string_agg(format('%1$L, o.%1$I', x.col), ', '),
      string_agg(format('%1$L, n.%1$I', x.col), ', ')
      INTO every_, any_, unchanged, olds, news
    FROM unnest(cols, compare, changed) AS x(col, e, any_changed) WHERE x.any_changed;
    IF any_ IS NULL THEN RETURN NULL; END IF; -- only ignored columns moved
    -- Only the rows that changed a column (any_) get an entry, their json built after that filter.
    -- u: NULL when the row changed every column the statement changed (its json taken as built),
    -- else the columns it left as they were (NULL for each it changed), taken off both values.
    EXECUTE format($q$
      INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, old_values, new_values)
      SELECT CASE WHEN $1 THEN rid ELSE coalesce(bid, $2) END, $3, $4, $5, $6, $7, $8, $9, rid, CASE WHEN $10 THEN rid ELSE aid END, 'update',
        CASE WHEN $11 THEN audit_mask(CASE WHEN u IS NULL THEN p ELSE p - u END, $12) WHEN u IS NULL THEN p ELSE p - u END,
        CASE WHEN $11 THEN audit_mask(CASE WHEN u IS NULL THEN r ELSE r - u END, $12) WHEN u IS NULL THEN r ELSE r - u END
      FROM (SELECT n.id AS rid, %s AS bid, %s AS aid, jsonb_build_object(%s) AS r, jsonb_build_object(%s) AS p,
              CASE WHEN %s THEN NULL ELSE ARRAY[%s] END AS u
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE %s OFFSET 0) x$q$,
      CASE WHEN 'brand_id' = ANY (cols) THEN 'n.brand_id' ELSE 'NULL::uuid' END,
      CASE WHEN 'customer_account_id' = ANY (cols) THEN 'n.customer_account_id' ELSE 'NULL::uuid' END,
      news, olds, every_, unchanged, any_)
    USING is_brands, ctx_brand, at_, kind, actor, api_key, request, address, TG_TABLE_NAME, is_accounts, masked, secrets;
  ELSE
    INSERT INTO audit_entries (brand_id, at, actor_kind, actor_id, api_key_id, request_id, client_address, resource, record_id, customer_account_id, action, old_values)
    SELECT CASE WHEN is_brands THEN (r ->> 'id')::uuid ELSE coalesce((r ->> 'brand_id')::uuid, ctx_brand) END,
      at_, kind, actor, api_key, request, address, TG_TABLE_NAME, (r ->> 'id')::uuid,
      CASE WHEN is_accounts THEN (r ->> 'id')::uuid ELSE (r ->> 'customer_account_id')::uuid END,
      'delete', CASE WHEN masked THEN audit_mask(r, secrets) ELSE r END
    FROM (SELECT to_jsonb(o) AS r FROM old_rows o OFFSET 0) x;
  END IF;
  RETURN NULL;
END
$$;
