import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Tenancy the database enforces (PostgreSQL row-level security), beside the brand conditions of
 * db/scope.ts. Every table with a `brand_id` column (the brand-owned tables; a child such as an
 * invoice's payments carries its own brand_id rather than borrowing its parent's) has RLS on, with
 * one policy: a row is visible and writable only when its brand_id is the transaction's
 * `app.brand_id`. Nothing set (a query made without a brand) sees and writes no rows.
 * RLS does not apply to a superuser or a table's owner (the `postgres` user the tests and a default
 * install connect as), so a scoped transaction first switches to APP_ROLE, a role that holds the
 * table privileges and nothing more; both settings are transaction-local and end with it.
 */
export const APP_ROLE = "rb_app";

/** `app.brand_id` for work that spans brands on purpose (a billing run's list of due brands, an outbox lease). */
export const ALL_BRANDS = "*";

/** The brands a transaction works for: one brand's id, or ALL_BRANDS, said explicitly. */
export type BrandScope = string;

/**
 * The policy every brand-owned table gets: the transaction's brand, or every brand when it says
 * ALL_BRANDS. Each setting is read in a sub-select, which PostgreSQL evaluates once per statement (an
 * InitPlan) rather than once per row: a scan of 2,000 rows took 3.9 ms with current_setting in the
 * row filter, 1.7 ms without RLS, 1.7 ms this way.
 */
const POLICY = `(select current_setting('app.brand_id', true)) = '${ALL_BRANDS}' or brand_id = (select nullif(nullif(current_setting('app.brand_id', true), ''), '${ALL_BRANDS}')::uuid)`;
export const POLICY_NAME = "brand_scope";

/**
 * The one spelling of the settings that put the rest of a transaction under a scope (as APP_ROLE,
 * for a brand): the select-list items around the brand's value. scopeSettings, scopeStatement and
 * scopeStatementFor are made from it.
 */
const SETTINGS = [`set_config('role', '${APP_ROLE}', true), set_config('app.brand_id', `, `, true)`] as const;

/**
 * Select-list items that put the rest of the current transaction under the scope: as APP_ROLE, for
 * `brand`. One statement, so a caller adds it to one it sends anyway (runVerb sets the audit context with it).
 */
export const scopeSettings = (brand: BrandScope): SQL => sql`${sql.raw(SETTINGS[0])}${brand}${sql.raw(SETTINGS[1])}`;

/** The same as a statement of its own for a driver's query method, the brand its parameter `$1`. */
export const scopeStatement = `select ${SETTINGS[0]}$1${SETTINGS[1]}`;

/** A brand id (a UUID) or ALL_BRANDS, checked before it is written into a statement's text. */
export function brandLiteral(brand: BrandScope): string {
  if (!/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\*)$/i.test(brand)) throw new Error(`not a brand scope: ${brand}`);
  return brand;
}

/** The same with the brand written in (checked, brandLiteral): for a multi-statement text, which takes no parameters. */
export const scopeStatementFor = (brand: BrandScope) => `select ${SETTINGS[0]}'${brandLiteral(brand)}'${SETTINGS[1]}`;

/** Puts the rest of transaction `tx` under `brand` (see scopeSettings). */
export async function enterScope(tx: Db, brand: BrandScope) {
  await tx.execute(sql`select ${scopeSettings(brand)}`);
}

/** Runs `work` in a transaction scoped to `brand`: it sees and writes that brand's rows only (ALL_BRANDS: every brand's). */
export function inScope<T>(db: Db, brand: BrandScope, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterScope(tx as unknown as Db, brand);
    return work(tx as unknown as Db);
  });
}

/**
 * Idempotent, run after the migrations by the user that owns the tables: creates APP_ROLE (a
 * cluster-wide role, NOLOGIN: it is only switched to), grants it the tables' privileges and turns
 * RLS on with the policy for every table that has a brand_id column, so a table a later migration
 * adds is covered without anyone listing it (tests/rls.test.ts checks every one); a policy whose
 * text is not POLICY's (written by an earlier version) is rewritten, one that is is left alone. Audit entries are
 * written by triggers for whatever a statement changed, including a new brand's first rows, so
 * inserting one is always allowed; reading them is scoped like every other table.
 */
export async function secureBrandTables(db: Db) {
  await db.execute(
    sql.raw(`do $rls$
declare
  t text;
  wanted text;
begin
  perform pg_advisory_xact_lock(hashtext('rb_secure_brand_tables'));
  if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
    begin
      create role ${APP_ROLE} nologin;
    exception
      when duplicate_object or unique_violation then null; -- another database's migration made it meanwhile
      when insufficient_privilege then
        raise exception 'row-level security needs the role ${APP_ROLE}: create it (create role ${APP_ROLE} nologin) and grant it to %, or migrate as a user with CREATEROLE', current_user;
    end;
  end if;
  if not pg_has_role(current_user, '${APP_ROLE}', 'member') then
    execute format('grant ${APP_ROLE} to %I', current_user);
  end if;
  if not has_schema_privilege('${APP_ROLE}', 'public', 'usage') then
    grant usage on schema public to ${APP_ROLE};
  end if;
  for t in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') loop
    if not has_table_privilege('${APP_ROLE}', format('public.%I', t), 'select, insert, update, delete') then
      execute format('grant select, insert, update, delete on public.%I to ${APP_ROLE}', t);
    end if;
  end loop;
  for t in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' loop
    if not has_sequence_privilege('${APP_ROLE}', format('public.%I', t), 'usage') then
      execute format('grant usage, select, update on sequence public.%I to ${APP_ROLE}', t);
    end if;
  end loop;
  -- The policy as PostgreSQL writes it back (on a probe table of the same column), so one whose
  -- text differs (an older version of POLICY) is brought up to date.
  create temp table rb_policy_probe (brand_id uuid);
  create policy ${POLICY_NAME} on pg_temp.rb_policy_probe using (${POLICY});
  select pg_get_expr(polqual, polrelid) into wanted from pg_policy where polrelid = 'pg_temp.rb_policy_probe'::regclass;
  drop table pg_temp.rb_policy_probe;
  for t in
    select c.relname from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attname = 'brand_id' and not a.attisdropped
  loop
    if not exists (select 1 from pg_class where oid = format('public.%I', t)::regclass and relrowsecurity) then
      execute format('alter table public.%I enable row level security', t);
    end if;
    if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = t and policyname = '${POLICY_NAME}') then
      execute format('create policy ${POLICY_NAME} on public.%I using (${POLICY.replaceAll("'", "''")})', t);
    elsif exists (select 1 from pg_policies where schemaname = 'public' and tablename = t and policyname = '${POLICY_NAME}' and qual is distinct from wanted) then
      execute format('alter policy ${POLICY_NAME} on public.%I using (${POLICY.replaceAll("'", "''")})', t);
    end if;
  end loop;
  if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = 'audit_entries' and policyname = 'audit_written_by_triggers') then
    create policy audit_written_by_triggers on public.audit_entries for insert with check (true);
  end if;
end
$rls$`),
  );
}
