import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { systemContext, type Context } from "../lib/auth/context";
import { DomainError } from "../lib/errors";
import { listAccountsPage } from "../lib/accounts/list-accounts";
import { listProductGroupsPage } from "../lib/catalog/list-product-groups";
import { listProductsPage } from "../lib/catalog/list-products";
import { listComponentsPage } from "../lib/catalog/list-components";
import { listCouponsPage } from "../lib/catalog/list-coupons";
import { listUsersPage } from "../lib/users/list-users";
import { listSubscriptionsPage } from "../lib/subscriptions/list-subscriptions";
import { listInvoicesPage } from "../lib/invoices/list-invoices";
import { listPaymentsPage } from "../lib/payments/list-payments";
import { listGatewaysPage } from "../lib/gateways/list-gateways";
import { listPayMethodsPage } from "../lib/pay-methods/list-pay-methods";
import { listDunningRulesPage } from "../lib/dunning/list-dunning-rules";
import { listNotificationsPage } from "../lib/notifications/list-notifications";
import { listNotesPage } from "../lib/notes/list-notes";
import { listTicketsPage } from "../lib/tickets/list-tickets";
import { listCategoriesPage } from "../lib/knowledge/list-categories";
import { listArticlesPage } from "../lib/knowledge/list-articles";
import { makeTenant, ok, type Tenant } from "./support/api";
import { created, fixtures, subscriptionFor } from "./support/fixtures";
import { items, makeInvoice } from "./support/payments";
import { DASHBOARD_LISTS, exportBatches } from "../lib/dashboard/exports";
import { wireValue } from "../lib/api/serialize";

async function contextOf(t: Tenant): Promise<Context> {
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  return systemContext(db, brand);
}

const account = (t: Tenant, first: string, last: string, email: string) =>
  created(
    t,
    "Account/Create",
    { first_name: first, last_name: last, email_address: email, country: "US", locale: "en-US", timezone_id: "America/New_York", skip_notification: "Y" },
    "customer_account",
    "customer_account_id",
  );

/** The DomainError a call is refused with. */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

let a: Tenant, b: Tenant, ctx: Context, otherCtx: Context;
beforeAll(async () => {
  [a, b] = await Promise.all([makeTenant(), makeTenant()]);
  [ctx, otherCtx] = await Promise.all([contextOf(a), contextOf(b)]);
});

describe("listAccountsPage", () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    // Created one after another so creation order is known; the other brand has look-alikes.
    for (const [first, last, email] of [
      ["Ada", "Per%cent", "ada@one.example"],
      ["Bob", "Percent", "bob@two.example"],
      ["Cy", "Under_score", "cy@three.example"],
      ["Di", "Underxscore", "di@four.example"],
      ["Ed", "Plain", "ed@five.example"],
    ])
      ids.push(await account(a, first, last, email));
    await account(b, "Ada", "Per%cent", "ada@one.example");
  });

  it("pages in creation order by default; page 2 has the next rows and total is the full count", async () => {
    const first = await listAccountsPage(ctx, { pageSize: 2 });
    const second = await listAccountsPage(ctx, { pageSize: 2, page: 2 });
    const third = await listAccountsPage(ctx, { pageSize: 2, page: 3 });
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(2, 4));
    expect(third.rows.map((r) => r.id)).toEqual(ids.slice(4));
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    // Past the end: no rows, still the full count.
    expect(await listAccountsPage(ctx, { pageSize: 2, page: 9 })).toEqual({ rows: [], total: 5 });
  });

  it("sorts by a whitelisted key, ascending or descending", async () => {
    const desc = await listAccountsPage(ctx, { sort: { key: "created_at", dir: "desc" } });
    expect(desc.rows.map((r) => r.id)).toEqual([...ids].reverse());
    const byEmail = await listAccountsPage(ctx, { sort: { key: "email_address", dir: "asc" } });
    expect(byEmail.rows.map((r) => r.emailAddress)).toEqual(["ada@one.example", "bob@two.example", "cy@three.example", "di@four.example", "ed@five.example"]);
    const byEmailDesc = await listAccountsPage(ctx, { sort: { key: "email_address", dir: "desc" }, pageSize: 1 });
    expect(byEmailDesc).toMatchObject({ rows: [{ emailAddress: "ed@five.example" }], total: 5 });
  });

  it("searches names and emails in any case, with % and _ taken literally", async () => {
    const search = async (q: string) => (await listAccountsPage(ctx, { filters: { q } })).rows.map((r) => r.id);
    expect(await search("r%c")).toEqual([ids[0]]);
    expect(await search("percent")).toEqual([ids[1]]);
    expect(await search("r_s")).toEqual([ids[2]]);
    expect(await search("UNDER")).toEqual([ids[2], ids[3]]);
    expect(await search("two.example")).toEqual([ids[1]]);
    expect(await search("%")).toEqual([ids[0]]);
    expect(await search("nobody")).toEqual([]);
  });

  it("filters combine with the search and scope to one customer account", async () => {
    expect((await listAccountsPage(ctx, { filters: { customerAccountId: ids[3] } })).rows.map((r) => r.id)).toEqual([ids[3]]);
    expect(await listAccountsPage(ctx, { filters: { customerAccountId: ids[3], q: "ada" } })).toEqual({ rows: [], total: 0 });
    // An id that is not a UUID matches nothing (no query error).
    expect(await listAccountsPage(ctx, { filters: { customerAccountId: "nope" } })).toEqual({ rows: [], total: 0 });
  });

  it("never shows another brand's rows", async () => {
    const other = await listAccountsPage(otherCtx, { filters: { q: "r%c" } });
    expect(other.total).toBe(1);
    expect(ids).not.toContain(other.rows[0].id);
    expect(await listAccountsPage(otherCtx, { filters: { customerAccountId: ids[0] } })).toEqual({ rows: [], total: 0 });
  });

  it("refuses an unknown sort key, unknown filters and out-of-range paging, naming the parameter", async () => {
    const badSort = await refusal(listAccountsPage(ctx, { sort: { key: "password" as "created_at" } }));
    expect(badSort).toMatchObject({ code: "INVALID_PARAMETER", parameter: "sort" });
    expect(await refusal(listAccountsPage(ctx, { sort: { key: "created_at", dir: "up" as "asc" } }))).toMatchObject({
      code: "INVALID_PARAMETER",
      parameter: "sort",
    });
    expect(await refusal(listAccountsPage(ctx, { filters: { brandId: "x" } as object }))).toMatchObject({
      code: "INVALID_PARAMETER",
      parameter: "filters.brandId",
    });
    for (const pageSize of [0, 101, 2.5])
      expect(await refusal(listAccountsPage(ctx, { pageSize }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "pageSize" });
    expect(await refusal(listAccountsPage(ctx, { page: 0 }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "page" });
    expect((await listAccountsPage(ctx, { pageSize: 100 })).rows).toHaveLength(5);
    expect((await listAccountsPage(ctx, { pageSize: 1 })).rows).toHaveLength(1);
  });
});

describe("listInvoicesPage", () => {
  let customer: string, unpaid: string, paid: string, partial: string, deleted: string;
  beforeAll(async () => {
    customer = await fixtures.Account(a);
    const invoice = async (due: string, price: string) =>
      (await ok(a, "json", "Invoice/Create", { method: "POST", params: { customer_account_id: customer, due_date: due, attached_items: items(price) } }))
        .invoice.invoice_id as string;
    unpaid = await invoice("3/1/2031", "10.00");
    paid = await invoice("1/1/2031", "20.00");
    partial = await invoice("2/1/2031", "30.00");
    deleted = await invoice("4/1/2031", "40.00");
    const pay = (invoice_id: string, amount: string) =>
      ok(a, "json", "Payment/Create", {
        method: "POST",
        params: { customer_account_id: customer, invoice_id, apply_to_prepaid_balance: "N", override_billing: "Y", amount },
      });
    await pay(paid, "20.00");
    await pay(partial, "5.00");
    await ok(a, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: deleted, customer_account_id: customer } });
    await makeInvoice(b, await fixtures.Account(b), "10.00");
  });

  const ids = (page: { rows: { id: string }[] }) => page.rows.map((r) => r.id);

  it("sorts by due date either way and pages", async () => {
    expect(ids(await listInvoicesPage(ctx, { sort: { key: "due_date", dir: "asc" } }))).toEqual([paid, partial, unpaid, deleted]);
    expect(ids(await listInvoicesPage(ctx, { sort: { key: "due_date", dir: "desc" } }))).toEqual([deleted, unpaid, partial, paid]);
    const second = await listInvoicesPage(ctx, { sort: { key: "due_date" }, page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4 });
    expect(ids(second)).toEqual([deleted]);
    // Default: newest first, like Invoice/List.
    expect(ids(await listInvoicesPage(ctx))).toEqual([deleted, partial, paid, unpaid]);
  });

  it("filters by the computed status (0 unpaid, 1 paid, 2 partially paid, 3 deleted), as the view shows it", async () => {
    for (const [status, id] of [
      [0, unpaid],
      [1, paid],
      [2, partial],
      [3, deleted],
    ] as const) {
      const page = await listInvoicesPage(ctx, { filters: { status } });
      expect(ids(page)).toEqual([id]);
      expect(page.rows[0].status).toBe(status);
      expect(page.total).toBe(1);
    }
    expect(await refusal(listInvoicesPage(ctx, { filters: { status: 7 as 0 } }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "filters.status" });
  });

  it("searches by invoice number, scopes to a customer account and never shows another brand's invoices", async () => {
    expect(ids(await listInvoicesPage(ctx, { filters: { q: partial.slice(0, 13).toUpperCase() } }))).toEqual([partial]);
    expect((await listInvoicesPage(ctx, { filters: { customerAccountId: customer } })).total).toBe(4);
    expect(await listInvoicesPage(otherCtx, { filters: { customerAccountId: customer } })).toEqual({ rows: [], total: 0 });
    expect(await listInvoicesPage(otherCtx, { filters: { q: partial } })).toEqual({ rows: [], total: 0 });
  });
});

describe("listSubscriptionsPage", () => {
  it("filters by status and customer account", async () => {
    const customer = await fixtures.Account(a);
    const active = await subscriptionFor(a, customer);
    const suspended = await subscriptionFor(a, customer);
    await ok(a, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: suspended } });
    const of = async (status: 1 | 2 | 3) => (await listSubscriptionsPage(ctx, { filters: { customerAccountId: customer, status } })).rows.map((r) => r.id);
    expect(await of(1)).toEqual([active]);
    expect(await of(2)).toEqual([suspended]);
    expect(await of(3)).toEqual([]);
    const both = await listSubscriptionsPage(ctx, { filters: { customerAccountId: customer }, sort: { key: "created_at", dir: "desc" } });
    expect(both.rows.map((r) => r.id)).toEqual([suspended, active]);
    expect(await listSubscriptionsPage(otherCtx, { filters: { customerAccountId: customer } })).toEqual({ rows: [], total: 0 });
  });
});

describe("read rows and the wire", () => {
  /** An export's rows as the API's JSON carries them (wireValue: null as "", numbers as strings, instants to the second). */
  const exported = async (name: "accounts" | "subscriptions" | "invoices" | "payments") => {
    const rows: unknown[] = [];
    for await (const batch of exportBatches(ctx, DASHBOARD_LISTS[name], { q: "", filters: {}, sort: { key: "created_at", dir: "desc" } })) rows.push(...batch);
    return wireValue(rows) as Record<string, unknown>[];
  };

  it("a page reads cents, Dates and the named status; the CSV export holds the API's fields, field for field", async () => {
    const customer = await fixtures.Account(a);
    const [account] = (await listAccountsPage(ctx, { filters: { customerAccountId: customer } })).rows;
    expect(account).toMatchObject({ id: customer, prepaidBalanceCents: 0, taxExempt: expect.any(Boolean), status: 1 });
    expect(account.createdAt).toBeInstanceOf(Date);
    const accounts = (await ok(a, "json", "Account/List", { params: { customer_account_id: customer } })).customer_accounts;
    expect(await exported("accounts")).toEqual(expect.arrayContaining(accounts));
    expect(Object.keys((await exported("accounts"))[0])).toEqual(Object.keys(accounts[0]));

    const subscriptionId = await subscriptionFor(a, customer);
    const [sub] = (await listSubscriptionsPage(ctx, { filters: { id: subscriptionId } })).rows;
    expect(sub).toMatchObject({ id: subscriptionId, customerAccountId: customer, status: 1, autoPay: expect.any(Boolean) });
    expect(sub.createdAt).toBeInstanceOf(Date);
    expect(Number.isInteger(sub.nextRenewalCents)).toBe(true);
    const api = (await ok(a, "json", "Subscription/List", { params: { customer_account_id: customer } })).subscriptions;
    expect(await exported("subscriptions")).toEqual(expect.arrayContaining(api));
    expect(Object.keys((await exported("subscriptions"))[0])).toEqual(Object.keys(api[0]));

    const invoiceId = await makeInvoice(a, customer, "12.50");
    const [invoice] = (await listInvoicesPage(ctx, { filters: { id: invoiceId } })).rows;
    expect(invoice).toMatchObject({
      id: invoiceId,
      totalCents: 1250,
      balanceCents: 1250,
      paidCents: 0,
      status: 0,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const invoices = (await ok(a, "json", "Invoice/List", { params: { customer_account_id: customer } })).invoices;
    const file = await exported("invoices");
    expect(file).toEqual(expect.arrayContaining(invoices));
    expect(Object.keys(file[0])).toEqual(Object.keys(invoices[0]));
    expect(file.find((r) => r.invoice_id === invoiceId)!.total).toBe("12.50");

    await ok(a, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: customer, invoice_id: invoiceId, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "2.50" },
    });
    const [payment] = (await listPaymentsPage(ctx, { filters: { invoiceId } })).rows;
    expect(payment).toMatchObject({ invoiceId, amountCents: 250, status: "succeeded", processedBy: "recorded", target: "invoice" });
    const payments = (await ok(a, "json", "Payment/List", { params: { customer_account_id: customer } })).payments;
    const paid = await exported("payments");
    expect(paid).toEqual(expect.arrayContaining(payments));
    expect(Object.keys(paid[0])).toEqual(Object.keys(payments[0]));
  });
});

describe("listTicketsPage", () => {
  it("sorts by ticket number, filters by working status and searches subjects", async () => {
    const t = await makeTenant();
    const tctx = await contextOf(t);
    const open = async (subject: string) =>
      (await ok(t, "json", "Ticket/Create", { method: "POST", params: { type: "NEW", subject, message: "Hello", direction: "INTERNAL" } })).ticket
        .ticket_id as string;
    const first = await open("Card declined");
    const second = await open("100% off?");
    const third = await open("Card expired");
    await ok(t, "json", "Ticket/Update", { method: "PATCH", params: { ticket_id: second, working_status: "CLOSED" } });
    const ids = (page: { rows: { id: string }[] }) => page.rows.map((r) => r.id);
    expect(ids(await listTicketsPage(tctx))).toEqual([first, second, third]);
    expect(ids(await listTicketsPage(tctx, { sort: { key: "friendly_ticket_id", dir: "desc" }, pageSize: 2 }))).toEqual([third, second]);
    expect(await listTicketsPage(tctx, { pageSize: 2, page: 2 })).toMatchObject({ total: 3, rows: [{ id: third, messages: [expect.anything()] }] });
    expect(ids(await listTicketsPage(tctx, { filters: { workingStatus: "CLOSED" } }))).toEqual([second]);
    expect(ids(await listTicketsPage(tctx, { filters: { q: "card", workingStatus: "OPEN" } }))).toEqual([first, third]);
    expect(ids(await listTicketsPage(tctx, { filters: { q: "0%" } }))).toEqual([second]);
    expect(await listTicketsPage(ctx, { filters: { q: "Card declined" } })).toEqual({ rows: [], total: 0 });
    expect(await refusal(listTicketsPage(tctx, { sort: { key: "created_at" as "subject" } }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "sort" });
  });
});

describe("read rows of notifications, the knowledge base and tickets", () => {
  it("a page reads Y/N as booleans, instants as Dates, tags as a list, the templates raw; the API's List answers the same records", async () => {
    const t = await makeTenant();
    const tctx = await contextOf(t);
    const html = "<p>Hello & {{customer.first_name}}</p>";
    const notificationId = (
      await ok(t, "json", "Notification/Create", {
        method: "POST",
        params: {
          notification_event: "Invoice/Reminder",
          default_notify_brand: "N",
          default_notify_customer: "Y",
          from_email: "billing@example.com",
          html_customer: html,
        },
      })
    ).notification.notification_id;
    const [notification] = (await listNotificationsPage(tctx, { filters: { id: notificationId } })).rows;
    expect(notification).toMatchObject({
      id: notificationId,
      event: "Invoice/Reminder",
      notifyBrand: false,
      notifyCustomer: true,
      htmlCustomer: html,
      status: 1,
    });
    expect(notification.createdAt).toBeInstanceOf(Date);
    const [wire] = (await ok(t, "json", "Notification/List", { params: { notification_id: notificationId } })).notifications;
    expect(wire).toMatchObject({ notification_id: notificationId, default_notify_brand: "N", default_notify_customer: "Y", is_default: "N" });
    expect(wire.html_customer).toBe("&lt;p&gt;Hello &amp; {{customer.first_name}}&lt;/p&gt;");
    await ok(t, "json", "Notification/Delete", { method: "DELETE", params: { notification_id: notificationId } });
    expect((await listNotificationsPage(tctx)).total).toBe(0);
    expect((await listNotificationsPage(tctx, { filters: { deleted: "Y" } })).rows.map((n) => n.id)).toEqual([notificationId]);

    const categoryId = await fixtures.Category(t);
    const articleId = (
      await ok(t, "json", "Article/Create", {
        method: "POST",
        params: { category_id: categoryId, title: "Typed", contents: "<p>Text</p>", tags: "one, two", visibility: "2" },
      })
    ).article.article_id;
    const [article] = (await listArticlesPage(tctx, { filters: { id: articleId } })).rows;
    expect(article).toMatchObject({ id: articleId, categoryId, tags: ["one", "two"], visibility: 2, viewCount: 0, status: 1, deletedAt: null });
    expect(article.updatedAt).toBeInstanceOf(Date);
    const [category] = (await listCategoriesPage(tctx, { filters: { id: categoryId } })).rows;
    expect(category).toMatchObject({ id: categoryId, type: "PRIMARY", parentId: null, visibility: 1, status: 1 });
    const [listedArticle] = (await ok(t, "json", "Article/List", { params: { category_id: categoryId } })).articles;
    expect(listedArticle).toMatchObject({ article_id: articleId, tags: "one, two", visibility: "2", view_count: "0" });

    const ticketId = (
      await ok(t, "json", "Ticket/Create", {
        method: "POST",
        params: { type: "NEW", subject: "Typed", message: "Hello", direction: "INTERNAL", department: "Sales" },
      })
    ).ticket.ticket_id;
    const [ticket] = (await listTicketsPage(tctx, { filters: { id: ticketId } })).rows;
    expect(ticket).toMatchObject({ id: ticketId, number: 1, direction: "INTERNAL", workingStatus: "OPEN", department: "Sales" });
    expect(ticket.messages).toEqual([expect.objectContaining({ message: "Hello", attachments: [], authorType: "STAFF", createdAt: expect.any(Date) })]);
    const [listedTicket] = (await ok(t, "json", "Ticket/List", { params: { ticket_id: ticketId } })).tickets;
    expect(listedTicket).toMatchObject({
      ticket_id: ticketId,
      friendly_ticket_id: "1",
      working_status: "OPEN",
      messages: [{ message: "Hello", attachments: "" }],
    });
  });
});

describe("every domain's page query", () => {
  type Query = { filters?: object; sort?: { key: string }; pageSize?: number };
  const pages: [string, string, (ctx: Context, q?: Query) => Promise<{ rows: unknown[]; total: number }>][] = [
    ["product groups", "ProductGroup", (c, q) => listProductGroupsPage(c, q as never)],
    ["products", "Product", (c, q) => listProductsPage(c, q as never)],
    ["components", "Component", (c, q) => listComponentsPage(c, q as never)],
    ["coupons", "Coupon", (c, q) => listCouponsPage(c, q as never)],
    ["customer accounts", "Account", (c, q) => listAccountsPage(c, q as never)],
    ["users", "User", (c, q) => listUsersPage(c, q as never)],
    ["subscriptions", "Subscription", (c, q) => listSubscriptionsPage(c, q as never)],
    ["invoices", "Invoice", (c, q) => listInvoicesPage(c, q as never)],
    ["payments", "Payment", (c, q) => listPaymentsPage(c, q as never)],
    ["payment gateways", "PayGateway", (c, q) => listGatewaysPage(c, q as never)],
    ["pay methods", "PayMethod", (c, q) => listPayMethodsPage(c, q as never)],
    ["dunning rules", "DunningRule", (c, q) => listDunningRulesPage(c, q as never)],
    ["notifications", "Notification", (c, q) => listNotificationsPage(c, q as never)],
    ["notes", "Note", (c, q) => listNotesPage(c, q as never)],
    ["tickets", "Ticket", (c, q) => listTicketsPage(c, q as never)],
    ["knowledge base categories", "Category", (c, q) => listCategoriesPage(c, q as never)],
    ["knowledge base articles", "Article", (c, q) => listArticlesPage(c, q as never)],
  ];
  let t: Tenant, tctx: Context;
  beforeAll(async () => {
    t = await makeTenant();
    tctx = await contextOf(t);
  });

  for (const [name, fixture, page] of pages) {
    it(`${name}: answers the brand's rows and their count with defaults, none of them to another brand`, async () => {
      await fixtures[fixture](t);
      const { rows, total } = await page(tctx);
      expect(total).toBeGreaterThanOrEqual(1);
      expect(rows.length).toBe(Math.min(total, 25));
      const mine = new Set(rows.map((r) => JSON.stringify(r)));
      expect((await page(otherCtx)).rows.filter((r) => mine.has(JSON.stringify(r)))).toEqual([]);
    });

    it(`${name}: searches text (q), and refuses a sort key, a filter or a page size it does not whitelist`, async () => {
      expect(await page(tctx, { filters: { q: "no-such-text-9f2c" } })).toEqual({ rows: [], total: 0 });
      expect(await refusal(page(tctx, { sort: { key: "brand_id" } }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "sort" });
      expect(await refusal(page(tctx, { filters: { brandId: t.brand_id } }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "filters.brandId" });
      expect(await refusal(page(tctx, { pageSize: 101 }))).toMatchObject({ code: "INVALID_PARAMETER", parameter: "pageSize" });
    });
  }
});
