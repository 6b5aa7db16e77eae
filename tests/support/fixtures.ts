import type { Tenant } from "./api";
import { ok } from "./api";
import { getDb } from "../../db/client";
import { apiKeys, outboxEvents, staffUsers } from "../../db/schema";
import { hashSecret, newId, newSecret } from "../../lib/ids";

/** Product/Create's required parameters: a $10.00, 30-day plan in the given group. */
export const productParams = (productGroupId: string) => ({
  product_group_id: productGroupId,
  name: "Fixture",
  description: "Fixture",
  expiration_interval: "30",
  setup_fee: "0.00",
  recurring_price: "10.00",
  trial: "N",
  auto_pay_discount: "N",
  prompt_for_variables: "N",
  tax_exempt: "N",
});

/**
 * For each resource an id parameter can refer to (`refersTo` in the param meta): make one record in
 * the given tenant and answer its id. The contract test uses these to prove that another brand's
 * ids are answered 404. An endpoint whose id parameter has no fixture here fails the contract test.
 */
export const fixtures: Record<string, (t: Tenant) => Promise<string>> = {
  Brand: async (t) => t.brand_id,
  ProductGroup: (t) => created(t, "ProductGroup/Create", { name: "Fixture group", description: "Fixture" }, "product_group", "product_group_id"),
  Product: async (t) => created(t, "Product/Create", productParams(await fixtures.ProductGroup(t)), "product", "product_id"),
  Component: async (t) =>
    created(
      t,
      "Component/Create",
      {
        product_group_id: await fixtures.ProductGroup(t),
        component_type: "traditional",
        name: "Fixture",
        description: "Fixture",
        unit_price: "1.00",
        taxable: "N",
      },
      "component",
      "component_id",
    ),
  Coupon: (t) =>
    created(
      t,
      "Coupon/Create",
      {
        coupon_code: `FX${Math.random().toString(36).slice(2, 10)}`,
        name: "Fixture",
        discount_type: "percent",
        discount_value: "10",
        duration: "once",
        stackable: "N",
      },
      "coupon",
      "coupon_id",
    ),
  Category: (t) => created(t, "Category/Create", { name: "Fixture", category_type: "PRIMARY", visibility: "1" }, "category", "category_id"),
  Article: async (t) =>
    created(
      t,
      "Article/Create",
      { category_id: await fixtures.Category(t), title: "Fixture", contents: "Text", tags: "fixture", visibility: "1" },
      "article",
      "article_id",
    ),
  Account: (t) =>
    created(
      t,
      "Account/Create",
      {
        first_name: "Fixture",
        last_name: "Account",
        email_address: `fx-${Math.random().toString(36).slice(2, 12)}@example.com`,
        country: "US",
        locale: "en-US",
        timezone_id: "America/New_York",
        skip_notification: "Y",
      },
      "customer_account",
      "customer_account_id",
    ),
  User: (t) =>
    created(
      t,
      "Account/Create",
      {
        first_name: "Fixture",
        last_name: "User",
        email_address: `fx-${Math.random().toString(36).slice(2, 12)}@example.com`,
        country: "US",
        locale: "en-US",
        timezone_id: "America/New_York",
        skip_notification: "Y",
      },
      "user",
      "user_id",
    ),
  Notification: async (t) =>
    (await ok(t, "json", "Notification/List", { params: { notification_event: "Invoice/Reminder" } })).notifications[0]?.notification_id ??
    created(
      t,
      "Notification/Create",
      { notification_event: "Invoice/Reminder", default_notify_brand: "N", default_notify_customer: "Y", from_email: "billing@example.com" },
      "notification",
      "notification_id",
    ),
  Invoice: async (t) =>
    created(
      t,
      "Invoice/Create",
      {
        customer_account_id: await fixtures.Account(t),
        due_date: "12/31/2030",
        attached_items: '[{"item_name":"Fixture","item_price":"10.00","tax_exempt":"N"}]',
      },
      "invoice",
      "invoice_id",
    ),
  Payment: async (t) =>
    created(
      t,
      "Payment/Create",
      { customer_account_id: await fixtures.Account(t), apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "5.00" },
      "payment",
      "payment_id",
    ),
  // A partly paid manual invoice, deleted: its payment goes to the prepaid balance with a credit note.
  CreditNote: async (t) => {
    const account = await fixtures.Account(t);
    const invoice = await created(
      t,
      "Invoice/Create",
      { customer_account_id: account, due_date: "12/31/2030", attached_items: '[{"item_name":"Fixture","item_price":"10.00","tax_exempt":"N"}]' },
      "invoice",
      "invoice_id",
    );
    await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: account, invoice_id: invoice, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "4.00" },
    });
    await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { customer_account_id: account, invoice_id: invoice } });
    return (await ok(t, "json", "CreditNote/List", { params: { invoice_id: invoice } })).credit_notes[0].credit_note_id;
  },
  PayGateway: (t) =>
    created(
      t,
      "PayGateway/Create",
      { name: "Fixture gateway", gateway_provider: "sandbox", credentials_1: "sandbox-fixture-key" },
      "pay_gateway",
      "gateway_id",
    ),
  Subscription: async (t) => subscriptionFor(t, await fixtures.Account(t)),
  DunningRule: async (t) =>
    created(
      t,
      "DunningRule/Create",
      {
        product_group_id: await fixtures.ProductGroup(t),
        name: "Fixture rule",
        description: "Fixture reminder rule",
        overdue_days: "7",
        overdue_amount: "1.00",
        enforcement_action: "REMIND",
      },
      "dunning_rule",
      "rule_id",
    ),
  TaxRate: async (t) => created(t, "TaxRate/Create", { name: "Fixture VAT", percentage: "20", country: "FR" }, "tax_rate", "tax_rate_id"),
  PayMethod: async (t) =>
    created(
      t,
      "PayMethod/Create",
      {
        customer_account_id: await fixtures.Account(t),
        gateway_id: await fixtures.PayGateway(t),
        pay_method_type: "CC",
        card_number: "4242424242424242",
        expiration_month: "12",
        expiration_year: "2035",
      },
      "pay_method",
      "pay_method_id",
    ),
  Note: async (t) =>
    created(t, "Note/Create", { customer_account_id: await fixtures.Account(t), subject: "Fixture", contents: "Fixture note" }, "note", "note_id"),
  Ticket: (t) => created(t, "Ticket/Create", { type: "NEW", subject: "Fixture", message: "Fixture message", direction: "INTERNAL" }, "ticket", "ticket_id"),
  // Staff users have no API verb: one is inserted in the tenant's service account.
  StaffUser: async (t) => {
    const id = newId();
    await (await getDb()).insert(staffUsers).values({
      id,
      serviceAccountId: t.serviceAccountId,
      email: `fx-${id}@example.com`,
      name: "Fixture staff",
      accessLevel: "USER",
      userKeyHash: hashSecret(newSecret("rbu")),
      userKeyPrefix: "rbu_fx",
    });
    return id;
  },
  // A delivery is an outbox event: a failed post of the tenant's brand.
  Delivery: async (t) => {
    const id = newId();
    const at = new Date("2026-11-20T12:00:00Z");
    await (await getDb()).insert(outboxEvents).values({
      id,
      brandId: t.brand_id,
      type: "post/action_url",
      payload: { url: "http://127.0.0.1:9/hooks", fields: [["event", "new_subscription"]] },
      status: "failed",
      attempts: 25,
      nextAttemptAt: at,
      lastError: "http://127.0.0.1:9/hooks answered 503",
      createdAt: at,
    });
    return id;
  },
  // API keys have no API verb either: one is inserted in the tenant's service account.
  ApiKey: async (t) => {
    const id = newId();
    await (
      await getDb()
    )
      .insert(apiKeys)
      .values({ id, serviceAccountId: t.serviceAccountId, name: "Fixture key", keyHash: hashSecret(newSecret("rbk")), keyPrefix: "rbk_fx" });
    return id;
  },
};

/** A subscription of this customer account to a fresh product (initial invoice marked paid). */
export const subscriptionFor = async (t: Tenant, customerAccountId: string) =>
  created(
    t,
    "Subscription/Create",
    { customer_account_id: customerAccountId, product_id: await fixtures.Product(t), override_initial_billing: "Y", auto_pay: "N" },
    "subscription",
    "subscription_id",
  );

/** Makes a record through the API and answers the id in its namespace. */
export async function created(t: Tenant, path: string, params: Record<string, string>, namespace: string, idField: string) {
  const body = await ok(t, "json", path, { method: "POST", params });
  return body[namespace][idField] as string;
}
