import { asc, eq, sql } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { SUBSCRIPTION_PENDING } from "../lifecycle";
import { brands, dunningActions, dunningRules, invoices, subscriptions } from "../../db/schema";
import { runVerb } from "../run-verb";
import { brandsInRun, type RunScope } from "./brands-in-run";
import { systemContext, type Brand, type Context } from "../auth/context";
import { newId } from "../ids";
import { logger } from "../log";
import { formatCents } from "../money";
import { emitInvoiceEvent } from "../invoices/events";
import { reloadInvoice } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import { findAccount } from "../accounts/queries";
import { emit } from "../outbox/emit";
import { loadSubscription } from "../subscriptions/details";
import { endLocked, suspendLocked } from "../subscriptions/status-changes";
import { today, addDays } from "../pricing/periods";
import { owedSql } from "../invoices/lines";

/**
 * Runs every dunning rule against the unpaid invoices of subscriptions in its product group that
 * are at least the rule's overdue_days overdue and whose unpaid amount reaches overdue_amount. All
 * matching rules run, fewest days first, so after missed runs (downtime) each rule whose day has
 * come still fires, once, in order. Manual and voided invoices are never dunned. Each rule acts
 * once per invoice (a unique key), so reruns and concurrent runners repeat nothing.
 */
export async function runDunning({ db, now, brandId }: { db: Db; now: Date } & RunScope) {
  const live = await db.select().from(brands).where(brandsInRun({ brandId }));
  const outcome = { actions: 0 };
  for (const brand of live) {
    const rules = await db
      .select()
      .from(dunningRules)
      .where(eq(dunningRules.brandId, brand.id))
      .orderBy(asc(dunningRules.overdueDays), asc(dunningRules.createdAt), asc(dunningRules.id));
    for (const rule of rules) {
      const dueDate = addDays(today(now, brand.timezoneId), -rule.overdueDays);
      // Each candidate's unpaid amount is computed once (offset 0 keeps the subquery from being
      // flattened, which would compute it once per condition).
      const owed = owedSql(sql`i`);
      const matches = resultRows<{ invoice_id: string; subscription_id: string; customer_account_id: string; balance: string | number }>(
        await db.execute(sql`
          select invoice_id, subscription_id, customer_account_id, balance from (
            select i.id as invoice_id, i.subscription_id, i.customer_account_id, ${owed} as balance
            from ${invoices} i join ${subscriptions} s on s.id = i.subscription_id
            where i.brand_id = ${brand.id} and i.deleted_at is null and i.due_date <= ${dueDate}::date and s.product_group_id = ${rule.productGroupId}
              and s.status <> ${SUBSCRIPTION_PENDING} -- its charge is still being settled
              and not exists (select 1 from ${dunningActions} a where a.rule_id = ${rule.id} and a.invoice_id = i.id)
            offset 0
          ) candidate
          where balance > 0 and balance >= ${rule.overdueAmountCents}`),
      ).map((r) => ({ invoiceId: r.invoice_id, subscriptionId: r.subscription_id, customerAccountId: r.customer_account_id, balance: Number(r.balance) }));
      for (const m of matches) {
        try {
          if (await act(db, now, brand, rule, m)) outcome.actions++;
        } catch (err) {
          logger.error("dunning action failed", { ruleId: rule.id, invoiceId: m.invoiceId, error: err });
        }
      }
    }
  }
  return outcome;
}

type Rule = typeof dunningRules.$inferSelect;
interface Match {
  invoiceId: string;
  subscriptionId: string | null;
  customerAccountId: string;
  balance: number;
}

/** One rule on one invoice, through runVerb: the claim and its effect (events included) commit together. */
function act(db: Db, now: Date, brand: Brand, rule: Rule, m: Match) {
  return runVerb(systemContext(db, brand, now), (ctx) => applyRule(ctx, rule, m), undefined);
}

async function applyRule(ctx: Context, rule: Rule, m: Match): Promise<boolean> {
  const now = ctx.now();
  const claimed = await ctx.db
    .insert(dunningActions)
    .values({ id: newId(), brandId: ctx.brand.id, ruleId: rule.id, invoiceId: m.invoiceId, action: rule.enforcementAction, ranAt: now })
    .onConflictDoNothing()
    .returning({ id: dunningActions.id });
  if (!claimed.length) return false;
  switch (rule.enforcementAction) {
    case "SUSPEND":
    case "DELETE": {
      const d = await loadSubscription(ctx, m.subscriptionId!, { forUpdate: true });
      if (rule.enforcementAction === "SUSPEND" && d.sub.status === 1) await suspendLocked(ctx, d, "dunning");
      if (rule.enforcementAction === "DELETE" && d.sub.status !== 3) await endLocked(ctx, d.sub.id);
      return true;
    }
    case "REMIND": {
      const account = await findAccount(ctx, m.customerAccountId);
      await emitInvoiceEvent(ctx, "Invoice/Reminder", account, invoiceView(await reloadInvoice(ctx, m.invoiceId)));
      return true;
    }
    case "POST": {
      if (!rule.postUrl) return true;
      await emit(ctx, {
        type: "post/dunning",
        payload: {
          url: rule.postUrl,
          fields: [
            ["invoice_id", m.invoiceId],
            ["customer_account_id", m.customerAccountId],
            ["outstanding_balance", formatCents(m.balance)],
            ["overdue_days", String(rule.overdueDays)],
          ],
        },
      });
      return true;
    }
  }
}
