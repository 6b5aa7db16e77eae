/**
 * A subscription verb reads its aggregate (the subscription with its product, group, components and
 * coupons) once: what it loaded under the lock is passed along (loadSubscription ->
 * afterSubscriptionChange -> the answer), with what it wrote, rather than read again. Counted from
 * the statements sent: every load of the details reads subscription_coupons once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { brands } from "../db/schema";
import { systemContext } from "../lib/auth/context";
import { runVerb, type AnyVerb } from "../lib/run-verb";
import { changeProduct } from "../lib/subscriptions/change-product";
import { ChangeProductParams, SubscriptionIdParams, UpdateAutoPayParams, UpdateSubscriptionParams } from "../lib/subscriptions/schemas";
import { deleteSubscription, restoreSubscription, suspendSubscription } from "../lib/subscriptions/status-changes";
import { updateSubscription } from "../lib/subscriptions/update-subscription";
import { updateAutoPay } from "../lib/subscriptions/usage-and-auto-pay";
import { parseParams } from "../lib/wire/parse";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { recordingDb } from "./support/explain";
import { makeAccount } from "./support/payments";

let t: Tenant;
let basic: string;
let pro: string;
const recording = recordingDb();

beforeAll(async () => {
  t = await makeTenant();
  const group = (await makeGroup(t)).product_group_id;
  basic = (await makeProduct(t, group, { recurring_price: "30.00" })).product_id;
  pro = (await makeProduct(t, group, { recurring_price: "60.00" })).product_id;
});
afterAll(() => recording.close());

async function subscribe() {
  const account = await makeAccount(t);
  const r = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: { customer_account_id: account, product_id: basic, override_initial_billing: "Y", auto_pay: "N" },
  });
  return { subscription_id: r.subscription.subscription_id as string, customer_account_id: account };
}

/** Runs the verb as the API does (parsed parameters, runVerb) and counts the loads of the subscription's details. */
async function loadsOf<S extends z.ZodObject>(verb: AnyVerb<z.output<S>, unknown>, schema: S, params: Record<string, string>) {
  const [brand] = await recording.db.select().from(brands).where(eq(brands.id, t.brand_id));
  const ctx = systemContext(recording.db, brand);
  const input = parseParams(schema, params, brand.currency);
  recording.sent.length = 0;
  await runVerb(ctx, verb, input);
  return recording.sent.filter((s) => /\bfrom "subscription_coupons"/.test(s.query)).length;
}

describe("a subscription verb loads the subscription with its details once", () => {
  it("Subscription/Update", async () => {
    const s = await subscribe();
    expect(await loadsOf(updateSubscription, UpdateSubscriptionParams, { ...s, auto_pay: "N", custom_field_1: "blue" })).toBe(1);
    const answer = await ok(t, "json", "Subscription/List", { params: { subscription_id: s.subscription_id } });
    expect(answer.subscriptions[0].custom_field_1).toBe("blue");
  });

  it("Subscription/Suspend, Restore and Delete", async () => {
    const s = await subscribe();
    const ref = { subscription_id: s.subscription_id };
    expect(await loadsOf(suspendSubscription, SubscriptionIdParams, ref)).toBe(1);
    expect(await loadsOf(restoreSubscription, SubscriptionIdParams, ref)).toBe(1);
    expect(await loadsOf(deleteSubscription, SubscriptionIdParams, ref)).toBe(1);
  });

  it("Subscription/UpdateAutoPay and ChangeProduct", async () => {
    const s = await subscribe();
    expect(await loadsOf(updateAutoPay, UpdateAutoPayParams, { ...s, auto_pay: "N" })).toBe(1);
    expect(await loadsOf(changeProduct, ChangeProductParams, { ...s, product_id: pro })).toBe(1);
  });
});
