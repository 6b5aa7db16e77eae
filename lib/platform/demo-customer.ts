import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inScope } from "../../db/tenancy";
import { brands, customerAccounts, customerUsers, payGateways } from "../../db/schema";
import { createGateway } from "../gateways/create-gateway";
import { CreateGatewayParams } from "../gateways/schemas";
import { createAccount } from "../users/create-account";
import { CreateAccountParams } from "../accounts/schemas";
import { systemContext, type Context } from "../auth/context";
import { createProduct } from "../catalog/create-product";
import { createProductGroup } from "../catalog/create-product-group";
import { CreateProductGroupParams, CreateProductParams } from "../catalog/schemas";
import { formatWireDate } from "../dates";
import { createInvoice } from "../invoices/create-invoice";
import { brandToday } from "../brand-time";
import { CreateInvoiceParams } from "../invoices/schemas";
import { runVerb, type AnyVerb } from "../run-verb";
import { withAmountsIn } from "../wire/params";
import { createSubscription } from "../subscriptions/create-subscription";
import { CreateSubscriptionParams } from "../subscriptions/schemas";
import { createUserToken } from "../users/create-token";
import { CreateTokenParams } from "../users/schemas";
import { WithExtras } from "../wire/results";

/**
 * The demo brand's demo customer, for trying the Customer Facing Portal: an account with a
 * subscription (its first invoice paid) and an open invoice, made once through the same verbs the
 * API calls. Kept apart from bootstrap.ts, which only calls ensureDemoCustomer. What is read here
 * besides the verbs is read under the demo brand (inScope, db/tenancy.ts).
 */
export const DEMO_CUSTOMER_EMAIL = "customer@demo.example";

export interface DemoCustomer {
  customerAccountId: string;
  userId: string;
  created: boolean;
}

type Parser<I> = { parse(v: unknown): I };
const record = (answer: unknown) => (answer instanceof WithExtras ? answer.record : answer) as Record<string, string>;
const run = async <I>(ctx: Context, schema: Parser<I>, verb: AnyVerb<I, unknown>, params: Record<string, string>) =>
  runVerb(
    ctx,
    verb,
    withAmountsIn(ctx.brand.currency, () => schema.parse(params)),
  );

/**
 * The demo brand's sandbox gateway, its default for cards and bank accounts, so the portal's Pay now
 * and Add card work at once with the sandbox's test cards (4242424242424242). Made once, through
 * PayGateway/Create, when the brand has no default card gateway; a brand that has one is left alone.
 */
export async function ensureDemoGateway(db: Db, brandId: string): Promise<{ gatewayId: string; created: boolean }> {
  const [existing] = await inScope(db, brandId, (tx) =>
    tx
      .select({ id: payGateways.id })
      .from(payGateways)
      .where(and(eq(payGateways.brandId, brandId), eq(payGateways.defaultCc, "Y"), isNull(payGateways.deletedAt)))
      .limit(1),
  );
  if (existing) return { gatewayId: existing.id, created: false };
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  const gateway = record(
    await run(systemContext(db, brand), CreateGatewayParams, createGateway, {
      name: "Sandbox (demo)",
      gateway_provider: "sandbox",
      credentials_1: "sandbox-demo-key",
      default_cc: "Y",
      default_ba: "Y",
    }),
  );
  return { gatewayId: gateway.gateway_id, created: true };
}

/** Makes the demo customer on the brand when it has none (found by its email address); never changes an existing one. */
export async function ensureDemoCustomer(db: Db, brandId: string): Promise<DemoCustomer> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  const ctx = systemContext(db, brand);
  const [existing] = await inScope(db, brandId, (tx) =>
    tx
      .select({ accountId: customerAccounts.id, userId: customerUsers.id })
      .from(customerAccounts)
      .innerJoin(customerUsers, eq(customerUsers.customerAccountId, customerAccounts.id))
      .where(
        and(eq(customerAccounts.brandId, brandId), sql`lower(${customerAccounts.emailAddress}) = ${DEMO_CUSTOMER_EMAIL}`, isNull(customerAccounts.deletedAt)),
      )
      .orderBy(customerUsers.createdAt)
      .limit(1),
  );
  if (existing) return { customerAccountId: existing.accountId, userId: existing.userId, created: false };

  // A brand without contact details gets the demo's, so the portal's footer has something to show.
  if (!brand.supportEmail) {
    await db
      .update(brands)
      .set({ supportEmail: "support@demo.example", supportPhone: "+1 555 0100", websiteUrl: "https://demo.example" })
      .where(eq(brands.id, brandId));
  }
  const group = record(await run(ctx, CreateProductGroupParams, createProductGroup, { name: "Demo plans", description: "Plans of the demo brand" }));
  const product = record(
    await run(ctx, CreateProductParams, createProduct, {
      product_group_id: group.product_group_id,
      name: "Demo Plus monthly",
      description: "Everything in the demo, billed monthly",
      expiration_interval: "30",
      setup_fee: "0.00",
      recurring_price: "24.99",
      trial: "N",
      auto_pay_discount: "N",
      prompt_for_variables: "N",
      tax_exempt: "N",
    }),
  );
  const accountAnswer = await run(ctx, CreateAccountParams, createAccount, {
    first_name: "Dana",
    last_name: "Demo",
    email_address: DEMO_CUSTOMER_EMAIL,
    company_name: "Demo Customer Ltd",
    country: "US",
    city: "Springfield",
    state: "IL",
    locale: "en-US",
    timezone_id: "America/New_York",
    skip_notification: "Y",
  });
  const account = record(accountAnswer);
  const userId = ((accountAnswer as WithExtras).extras.user as { user_id: string }).user_id;
  // override_initial_billing Y: the first invoice is recorded as paid (no gateway in a demo).
  await run(ctx, CreateSubscriptionParams, createSubscription, {
    customer_account_id: account.customer_account_id,
    product_id: product.product_id,
    override_initial_billing: "Y",
    payment_gateway: "Demo",
    auto_pay: "N",
  });
  const due = new Date(`${brandToday(ctx)}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 14);
  await run(ctx, CreateInvoiceParams, createInvoice, {
    customer_account_id: account.customer_account_id,
    due_date: formatWireDate(due.toISOString().slice(0, 10)),
    attached_items: JSON.stringify([
      { item_name: "Onboarding session", item_price: "49.00", tax_exempt: "N", quantity: "1" },
      { item_name: "Extra storage (10 GB)", item_price: "3.50", tax_exempt: "N", quantity: "2" },
    ]),
  });
  return { customerAccountId: account.customer_account_id, userId, created: true };
}

/** A fresh single-use portal sign-in link for the demo customer (User/CreateToken, 10 minutes). */
export async function demoSignInLink(db: Db, brandId: string, customer: DemoCustomer): Promise<{ url: string; expires: Date }> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  const input = CreateTokenParams.parse({ customer_account_id: customer.customerAccountId, user_id: customer.userId, expiration: "10" });
  const answer = await runVerb(systemContext(db, brand), createUserToken, input);
  return { url: answer.sign_in_url, expires: answer.expires };
}
