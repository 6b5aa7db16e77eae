import type { Context } from "../auth/context";
import { formatWireDate } from "../dates";
import { formatAmount } from "../money";
import { formatPeriod } from "../format";
import { emit } from "../outbox/emit";
import { findAccount } from "../accounts/queries";
import { customerPayload } from "../accounts/customer";
import { VARIABLE_SLOTS } from "../catalog/variables";
import type { SubscriptionDetails } from "./details";

/** Product-group action URL events, spelled exactly as the spec gives them (cancel_subscrption too). */
export type ActionEvent = "new_subscription" | "renew_subscription" | "swap_subscription" | "status_subscription" | "cancel_subscrption";

/** Posts the order variables to the group's action_url, if it has one (delivered from the outbox, signed). */
export async function postActionUrl(ctx: Context, d: SubscriptionDetails, event: ActionEvent) {
  if (!d.group.actionUrl) return;
  const s = d.sub;
  const fields: [string, string][] = [
    ["event", event],
    ["brand_id", ctx.brand.id],
    ["subscription_id", s.id],
    ["customer_account_id", s.customerAccountId],
    ["product_id", s.productId ?? ""],
    ["product_group_id", s.productGroupId],
    ["status", String(s.status)],
    ["auto_pay", s.autoPay],
    ["renewal_date", s.renewalDate ? formatWireDate(s.renewalDate) : ""],
    ["custom_field_1", s.customField1 ?? ""],
    ["custom_field_2", s.customField2 ?? ""],
    ...VARIABLE_SLOTS.map((slot): [string, string] => [slot, s.variables[slot] ?? ""]),
  ];
  await emit(ctx, { type: "post/action_url", payload: { url: d.group.actionUrl, fields } });
}

/** The Subscription/Create, Subscription/Suspend and Subscription/Delete notification events. */
export async function emitSubscriptionEvent(
  ctx: Context,
  type: "Subscription/Create" | "Subscription/Suspend" | "Subscription/Delete",
  d: SubscriptionDetails,
) {
  const account = await findAccount(ctx, d.sub.customerAccountId);
  await emit(ctx, {
    type,
    payload: {
      ...customerPayload(account),
      subscription: {
        subscription_id: d.sub.id,
        product_name: d.product?.name ?? "",
        status: String(d.sub.status),
        renewal_date: d.sub.renewalDate ? formatWireDate(d.sub.renewalDate) : "",
        recurring_price: d.product ? formatAmount(d.product.recurringPriceCents, ctx.brand.currency) : "",
        billing_period: d.product ? formatPeriod(d.product.intervalUnit, d.product.expirationInterval) : "",
        auto_pay: d.sub.autoPay,
      },
    },
  });
}

/** Asks billing to look at these subscriptions now (a renewal may have come inside the 72-hour window). */
export const requestInvoiceGeneration = (ctx: Context, subscriptionIds: string[]) =>
  emit(ctx, { type: "billing/generate", payload: { subscription_ids: subscriptionIds } });
