import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { ALL_BRANDS, inScope } from "../../db/tenancy";

/**
 * The billing ledger's invariants, checked straight on the tables so an operator can audit any
 * database (npm run billing:check) and the tests can hold the engine to them after any sequence of
 * changes, payments, clock moves and concurrent runs:
 * - every started period has its one invoice, live or forgiven by staff, never a voided one;
 * - every subscription's current period is recorded as started;
 * - no live invoice bills a period that has not started, except the upcoming renewal of a
 *   subscription that will renew;
 * - an invoice's total (the sum of its lines, whole cents by the invoices_items check) is never
 *   negative, and what was paid on it never exceeds it;
 * - no prepaid balance is negative;
 * - a coupon's cycles used equal the started periods whose invoice carries it.
 */
export type LedgerRule =
  | "period_invoice_missing"
  | "invoice_bills_two_periods"
  | "current_period_unrecorded"
  | "unstarted_period_invoiced"
  | "negative_total"
  | "paid_above_total"
  | "negative_prepaid_balance"
  | "coupon_cycles_mismatch";

export interface LedgerViolation {
  rule: LedgerRule;
  brandId: string;
  subscriptionId: string | null;
  invoiceId: string | null;
  customerAccountId: string | null;
  detail: string;
}

type Row = { brand_id: string; subscription_id?: string | null; invoice_id?: string | null; customer_account_id?: string | null; detail: string };

/** An invoice's total in cents, from its lines. */
const totalOf = (i: string) =>
  sql.raw(`(select coalesce(sum((l->>'itemPrice')::bigint * (l->>'quantity')::bigint), 0) from jsonb_array_elements(${i}.items) l)`);
/** What succeeded payments put on an invoice, in cents. */
const paidOf = (i: string) => sql.raw(`(select coalesce(sum(p.amount), 0) from payments p where p.invoice_id = ${i}.id and p.status = 'succeeded')`);

/** Each rule as one query answering the rows that break it; `brand` narrows it to one brand. */
function rules(brand: (alias: string) => SQL): Record<LedgerRule, SQL> {
  return {
    period_invoice_missing: sql`
      select p.brand_id, p.subscription_id, p.invoice_id,
             'period ' || p.period_start || case when i.id is null then ' has no invoice' when i.voided_at is not null then ' is billed by a voided invoice'
               else ' is billed by an invoice of another period or subscription' end as detail
      from subscription_periods p left join invoices i on i.id = p.invoice_id
      where ${brand("p")} and (i.id is null or i.voided_at is not null or i.subscription_id is distinct from p.subscription_id
        or i.billing_period_start is distinct from p.period_start)`,
    invoice_bills_two_periods: sql`
      select p.brand_id, p.subscription_id, p.invoice_id, count(*) || ' periods share one invoice' as detail
      from subscription_periods p where ${brand("p")} group by p.brand_id, p.subscription_id, p.invoice_id having count(*) > 1`,
    current_period_unrecorded: sql`
      select s.brand_id, s.id as subscription_id, s.customer_account_id, 'the current period ' || s.period_start || ' was never recorded as started' as detail
      from subscriptions s
      where ${brand("s")} and not exists (select 1 from subscription_periods p where p.subscription_id = s.id and p.period_start = s.period_start)`,
    unstarted_period_invoiced: sql`
      select i.brand_id, i.subscription_id, i.id as invoice_id, i.customer_account_id,
             'live invoice for period ' || i.billing_period_start || ', which has not started and is not the upcoming renewal (subscription status '
               || s.status || ', renewal ' || coalesce(s.renewal_date::text, 'none') || ')' as detail
      from invoices i join subscriptions s on s.id = i.subscription_id
      left join products pr on pr.id = s.product_id
      join product_groups g on g.id = s.product_group_id
      where ${brand("i")} and i.deleted_at is null and i.billing_period_start is not null
        and not exists (select 1 from subscription_periods p where p.subscription_id = i.subscription_id and p.period_start = i.billing_period_start)
        and not (s.status = 1 and i.billing_period_start = s.renewal_date and pr.id is not null and pr.status <> 3 and g.status = 1)`,
    negative_total: sql`
      select i.brand_id, i.subscription_id, i.id as invoice_id, i.customer_account_id, 'total ' || ${totalOf("i")} || ' cents' as detail
      from invoices i where ${brand("i")} and ${totalOf("i")} < 0`,
    paid_above_total: sql`
      select i.brand_id, i.subscription_id, i.id as invoice_id, i.customer_account_id, 'paid ' || ${paidOf("i")} || ' cents of a total of ' || ${totalOf("i")} as detail
      from invoices i where ${brand("i")} and ${paidOf("i")} > ${totalOf("i")}`,
    negative_prepaid_balance: sql`
      select a.brand_id, a.id as customer_account_id, 'prepaid balance ' || a.prepaid_balance || ' cents' as detail
      from customer_accounts a where ${brand("a")} and a.prepaid_balance < 0`,
    coupon_cycles_mismatch: sql`
      select sc.brand_id, sc.subscription_id, s.customer_account_id,
             'coupon ' || c.coupon_code || ': ' || sc.cycles_applied || ' cycles counted, ' || n.carried || ' started periods discounted by it' as detail
      from subscription_coupons sc join coupons c on c.id = sc.coupon_id join subscriptions s on s.id = sc.subscription_id
      cross join lateral (
        select count(*) as carried from subscription_periods p join invoices i on i.id = p.invoice_id
        where p.subscription_id = sc.subscription_id and i.voided_at is null
          and exists (select 1 from jsonb_array_elements(coalesce(i.repriced_items, i.items)) l where l->>'kind' = 'discount'
            and (lower(l->>'couponCode') = lower(c.coupon_code) or (l->>'couponCode' is null and l->>'itemName' = 'Coupon ' || c.coupon_code)))
      ) n
      where ${brand("sc")} and sc.cycles_applied <> n.carried`,
  };
}

/**
 * Every violation of the ledger's invariants, in the whole database or in one brand: read in one
 * transaction under that scope (row-level security), every brand's said explicitly (ALL_BRANDS).
 */
export function checkLedger(db: Db, opts: { brandId?: string } = {}): Promise<LedgerViolation[]> {
  return inScope(db, opts.brandId ?? ALL_BRANDS, (tx) => violations(tx, opts.brandId));
}

async function violations(db: Db, brandId: string | undefined): Promise<LedgerViolation[]> {
  const brand = (alias: string) => (brandId ? sql`${sql.raw(alias)}.brand_id = ${brandId}` : sql`true`);
  const found: LedgerViolation[] = [];
  for (const [rule, query] of Object.entries(rules(brand)) as [LedgerRule, SQL][]) {
    for (const r of resultRows<Row>(await db.execute(query))) {
      found.push({
        rule,
        brandId: r.brand_id,
        subscriptionId: r.subscription_id ?? null,
        invoiceId: r.invoice_id ?? null,
        customerAccountId: r.customer_account_id ?? null,
        detail: r.detail,
      });
    }
  }
  return found;
}
