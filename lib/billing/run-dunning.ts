import { asc, eq, sql } from "drizzle-orm";
import { resultRows, selectRows, type Db } from "../../db/client";
import { SUBSCRIPTION_PENDING } from "../lifecycle";
import { customerAccounts, dunningActions, dunningRules, invoices, subscriptions } from "../../db/schema";
import { anyOf, inBrand } from "../../db/scope";
import { runVerb, type StepContext, stepped } from "../run-verb";
import { brandsOfRun } from "./brands-in-run";
import { inScope } from "../../db/tenancy";
import { atInstant, systemContext, type Brand, type Context, type RunContext } from "../auth/context";
import { newId } from "../ids";
import { logger } from "../log";
import { formatAmount } from "../money";
import { emitInvoiceEvent, invoiceEventPayload } from "../invoices/events";
import { reloadInvoice, withAmounts } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import { findAccount } from "../accounts/queries";
import { emit, emitAll } from "../outbox/emit";
import type { PostPayload } from "../outbox/events";
import { loadSubscription } from "../subscriptions/details";
import { endLocked, suspendLocked } from "../subscriptions/status-changes";
import { today, addDays } from "../pricing/periods";
import { owedSql } from "../invoices/lines";
import { STATUS } from "../lifecycle";

/** What runDunning takes besides its context (which says the brand, or every brand, and the instant). */
export interface DunningOptions {
  /**
   * A test clock's step: the time of this brand's previous dunning pass in the same advance. Only
   * invoices whose rule day falls on or after that pass's day are looked at: an older one was looked
   * at then, and between two steps only the billing run itself writes, which never raises an old
   * invoice's balance. Unset (every scheduled run, an advance's first and last step): all invoices.
   */
  since?: Date;
}

/**
 * Runs every dunning rule against the unpaid invoices of subscriptions in its product group that
 * are at least the rule's overdue_days overdue and whose unpaid amount reaches overdue_amount. All
 * matching rules run, fewest days first, so after missed runs (downtime) each rule whose day has
 * come still fires, once, in order. Manual and voided invoices are never dunned. Each rule acts
 * once per invoice (a unique key), so reruns and concurrent runners repeat nothing.
 */
export async function runDunning({ ctx: given, input: { since } = {} }: { ctx: RunContext; input?: DunningOptions }) {
  const ctx = atInstant(given);
  const { db } = ctx;
  const now = ctx.now();
  const live = await brandsOfRun(ctx);
  const outcome = { actions: 0 };
  for (const brand of live) {
    // The brand's rules and matches are read under its scope (row-level security); each action runs through runVerb.
    const rules = await inScope(db, brand.id, (tx) =>
      tx
        .select()
        .from(dunningRules)
        .where(eq(dunningRules.brandId, brand.id))
        .orderBy(asc(dunningRules.overdueDays), asc(dunningRules.createdAt), asc(dunningRules.id)),
    );
    for (const rule of rules) {
      const dueDate = addDays(today(now, brand.timezoneId), -rule.overdueDays);
      const dueSince = since ? sql`and i.due_date >= ${addDays(today(since, brand.timezoneId), -rule.overdueDays)}::date` : sql``;
      // Each candidate's unpaid amount is computed once (offset 0 keeps the subquery from being
      // flattened, which would compute it once per condition). Whether the rule acted is asked per
      // invoice, by the unique key: as an anti join, unanalyzed tables made it scan all the rule's actions per invoice.
      const owed = owedSql(sql`i`);
      const matches = resultRows<{ invoice_id: string; subscription_id: string; customer_account_id: string; balance: string | number }>(
        await inScope(db, brand.id, (tx) =>
          tx.execute(sql`
          select invoice_id, subscription_id, customer_account_id, balance from (
            select i.id as invoice_id, i.subscription_id, i.customer_account_id, ${owed} as balance,
                   exists (select 1 from ${dunningActions} a where a.rule_id = ${rule.id} and a.invoice_id = i.id) as acted
            from ${invoices} i join ${subscriptions} s on s.id = i.subscription_id
            where i.brand_id = ${brand.id} and i.deleted_at is null and i.due_date <= ${dueDate}::date ${dueSince} and s.product_group_id = ${rule.productGroupId}
              and s.status <> ${SUBSCRIPTION_PENDING} -- its charge is still being settled
            offset 0
          ) candidate
          where not acted and balance > 0 and balance >= ${rule.overdueAmountCents}
          order by invoice_id`),
        ),
      ).map((r) => ({ invoiceId: r.invoice_id, subscriptionId: r.subscription_id, customerAccountId: r.customer_account_id, balance: Number(r.balance) }));
      if (!matches.length) continue;
      if (rule.enforcementAction === "REMIND" || rule.enforcementAction === "POST") {
        try {
          outcome.actions += await runVerb(systemContext(db, brand, now), ({ ctx }) => notifyAll(ctx, rule, matches), undefined);
          continue;
        } catch (err) {
          // Nothing of the batch was written: each is acted on alone, and only a broken one fails again.
          logger.info("dunning a batch failed; acting on its invoices one by one", { ruleId: rule.id, count: matches.length, error: err });
        }
      }
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

/**
 * A REMIND or POST rule on many invoices in one transaction, as applyRule does one by one: the
 * claims in one statement (in invoice order, as every runner makes them, so two never deadlock),
 * then the events of the claimed ones in one statement. Answers how many it claimed.
 */
async function notifyAll(ctx: Context, rule: Rule, matches: Match[]): Promise<number> {
  const now = ctx.now();
  const claimed = new Set(
    (
      await ctx.db
        .insert(dunningActions)
        .values(
          matches.map((m) => ({ id: newId(), brandId: ctx.brand.id, ruleId: rule.id, invoiceId: m.invoiceId, action: rule.enforcementAction, ranAt: now })),
        )
        .onConflictDoNothing()
        .returning({ invoiceId: dunningActions.invoiceId })
    ).map((r) => r.invoiceId),
  );
  const mine = matches.filter((m) => claimed.has(m.invoiceId));
  if (!mine.length) return 0;
  if (rule.enforcementAction === "REMIND") {
    const accountIds = [...new Set(mine.map((m) => m.customerAccountId))];
    const [rows, accounts] = await Promise.all([
      selectRows(ctx.db, invoices, { where: inBrand(ctx, invoices, anyOf(invoices.id, [...claimed])) }),
      selectRows(ctx.db, customerAccounts, { where: inBrand(ctx, customerAccounts, anyOf(customerAccounts.id, accountIds)) }),
    ]);
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    const viewOf = new Map((await withAmounts(ctx, rows)).map((d) => [d.row.id, invoiceView(d)]));
    await emitAll(
      ctx,
      mine.map((m) => {
        const account = accountById.get(m.customerAccountId);
        const view = viewOf.get(m.invoiceId);
        if (!account || !view) throw new Error(`dunning: invoice ${m.invoiceId} or its account is gone`);
        return { type: "Invoice/Reminder" as const, payload: invoiceEventPayload(account, view) };
      }),
    );
  } else if (rule.postUrl) {
    await emitAll(
      ctx,
      mine.map((m) => ({ type: "post/dunning" as const, payload: postPayload(rule, m, ctx.brand.currency) })),
    );
  }
  return mine.length;
}

const postPayload = (rule: Rule, m: Match, currency: string): PostPayload => ({
  url: rule.postUrl!,
  fields: [
    ["invoice_id", m.invoiceId],
    ["customer_account_id", m.customerAccountId],
    ["outstanding_balance", formatAmount(m.balance, currency)],
    ["overdue_days", String(rule.overdueDays)],
  ],
});

/** One rule on one invoice, through runVerb: the claim and its effect (events included) commit together. */
function act(db: Db, now: Date, brand: Brand, rule: Rule, m: Match) {
  return runVerb(
    systemContext(db, brand, now),
    stepped(({ ctx }) => applyRule(ctx, rule, m)),
    undefined,
  );
}

async function applyRule(ctx: StepContext, rule: Rule, m: Match): Promise<boolean> {
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
      if (rule.enforcementAction === "SUSPEND" && d.sub.status === STATUS.ACTIVE) await suspendLocked(ctx, d, "dunning");
      if (rule.enforcementAction === "DELETE" && d.sub.status !== STATUS.DELETED) await endLocked(ctx, d);
      return true;
    }
    case "REMIND": {
      const account = await findAccount(ctx, m.customerAccountId);
      await emitInvoiceEvent(ctx, "Invoice/Reminder", account, invoiceView(await reloadInvoice(ctx, m.invoiceId)));
      return true;
    }
    case "POST": {
      if (!rule.postUrl) return true;
      await emit(ctx, { type: "post/dunning", payload: postPayload(rule, m, ctx.brand.currency) });
      return true;
    }
  }
}
