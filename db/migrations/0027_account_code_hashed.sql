-- customer_accounts.email_verification_code is kept as its SHA-256 hash (issue 28 item 5): Account/Create
-- shows the code once; audit rows and stored idempotent answers never hold it.
-- The audit trail masks the column from now on (as staff_users' and brands' secrets).
DROP TRIGGER IF EXISTS audit_insert ON customer_accounts;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_update ON customer_accounts;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_delete ON customer_accounts;--> statement-breakpoint
CREATE TRIGGER audit_insert AFTER INSERT ON customer_accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('email_verification_code', '');--> statement-breakpoint
CREATE TRIGGER audit_update AFTER UPDATE ON customer_accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('email_verification_code', '');--> statement-breakpoint
CREATE TRIGGER audit_delete AFTER DELETE ON customer_accounts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_changes('email_verification_code', '');--> statement-breakpoint
-- Stored answers (Account/Create's, with an Idempotency-Key) lose the clear code, while it is still known.
UPDATE idempotency_keys k SET response_body = replace(k.response_body, a.email_verification_code, '')
  FROM customer_accounts a
  WHERE a.brand_id = k.brand_id AND length(a.email_verification_code) = 35 AND k.response_body LIKE '%' || a.email_verification_code || '%';--> statement-breakpoint
-- Hashing is bookkeeping, not a change anyone made: no audit rows for it.
ALTER TABLE customer_accounts DISABLE TRIGGER audit_update;--> statement-breakpoint
UPDATE customer_accounts SET email_verification_code = encode(sha256(convert_to(email_verification_code, 'UTF8')), 'hex')
  WHERE email_verification_code !~ '^[0-9a-f]{64}$';--> statement-breakpoint
ALTER TABLE customer_accounts ENABLE TRIGGER audit_update;--> statement-breakpoint
-- Audit rows written before keep the column masked too.
UPDATE audit_entries SET new_values = jsonb_set(new_values, '{email_verification_code}', '"***"')
  WHERE resource = 'customer_accounts' AND jsonb_typeof(new_values -> 'email_verification_code') = 'string';--> statement-breakpoint
UPDATE audit_entries SET old_values = jsonb_set(old_values, '{email_verification_code}', '"***"')
  WHERE resource = 'customer_accounts' AND jsonb_typeof(old_values -> 'email_verification_code') = 'string';
