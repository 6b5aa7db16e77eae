/**
 * The portal's support and help pages read through the ticket, category and article lists with the
 * customer scope (lib/tickets/read.ts, lib/knowledge/read.ts): a customer sees exactly what the
 * portal showed before, never more: no INTERNAL ticket, no other customer's, no hidden or deleted
 * article, nothing in a hidden category or under a hidden parent.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, kbArticles } from "../db/schema";
import { systemContext, type Context } from "../lib/auth/context";
import { portalContext } from "../lib/portal/sign-in";
import { portalOpenTickets, portalOverview } from "../lib/portal/queries";
import { acceptsReplies, customerTicket, customerTickets } from "../lib/tickets/read";
import { listTicketsPage } from "../lib/tickets/list-tickets";
import { helpArticle, helpCentre } from "../lib/knowledge/read";
import { listArticlesPage } from "../lib/knowledge/list-articles";
import { listCategoriesPage } from "../lib/knowledge/list-categories";
import { ok, type Tenant } from "./support/api";
import { makeTenant, newCustomer } from "./support/fake-customers";

async function customerContext(t: Tenant) {
  const { account, user } = await newCustomer(t);
  const ctx = (await portalContext({ brandId: t.brand_id, customerAccountId: account.customer_account_id, userId: user.user_id }))!;
  return { ctx, accountId: account.customer_account_id as string, userId: user.user_id };
}

async function staffContext(t: Tenant): Promise<Context> {
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  return systemContext(db, brand);
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "answered",
    (e: { code?: string }) => e.code,
  );

describe("the portal's support pages (the ticket list, customer scope)", () => {
  it("list and open only the customer's own tickets that are not INTERNAL; open leaves out CLOSED ones", async () => {
    const t = await makeTenant();
    const me = await customerContext(t);
    const colleague = (
      await ok(t, "json", "User/Create", {
        method: "POST",
        params: {
          customer_account_id: me.accountId,
          first_name: "Col",
          last_name: "League",
          email_address: `col-${me.accountId.slice(-8)}@example.com`,
          access_level: "USER",
          locale: "en-US",
          timezone_id: "America/New_York",
          send_new_user_email: "N",
        },
      })
    ).user.user_id as string;
    const other = await customerContext(t);
    const open = async (params: Record<string, string>) =>
      (await ok(t, "json", "Ticket/Create", { method: "POST", params: { type: "NEW", message: "Hello", ...params } })).ticket.ticket_id as string;
    const mine = await open({ subject: "Mine", direction: "EXTERNAL-CUSTOMER", customer_account_id: me.accountId, customer_user_id: me.userId });
    const closed = await open({ subject: "Mine, closed", direction: "EXTERNAL", customer_account_id: me.accountId });
    await ok(t, "json", "Ticket/Update", { method: "PATCH", params: { ticket_id: closed, working_status: "CLOSED" } });
    const internal = await open({ subject: "Staff only note", direction: "INTERNAL", customer_account_id: me.accountId });
    const theirs = await open({ subject: "Theirs", direction: "EXTERNAL", customer_account_id: other.accountId });
    await ok(t, "json", "Ticket/Create", { method: "POST", params: { type: "REPLY", ticket_id: mine, message: "We are on it" } });
    await ok(t, "json", "Ticket/Create", {
      method: "POST",
      params: { type: "REPLY", ticket_id: mine, message: "Me too", customer_account_id: me.accountId, customer_user_id: colleague },
    });

    const list = await customerTickets(me.ctx);
    expect(list.rows.map((r) => r.id).sort()).toEqual([mine, closed].sort());
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.rows.map((r) => r.direction)).not.toContain("INTERNAL");
    expect((await customerTickets(me.ctx, { open: true })).rows.map((r) => r.id)).toEqual([mine]);
    expect((await portalOpenTickets(me.ctx)).map((r) => r.id)).toEqual([mine]);
    expect((await portalOverview(me.ctx)).tickets.map((r) => r.id)).toEqual([mine]);
    // The list itself, as a customer reads it: never INTERNAL, never another account's; staff read every one.
    expect((await listTicketsPage(me.ctx, { filters: { id: internal } })).rows).toEqual([]);
    expect((await listTicketsPage(me.ctx, { filters: { direction: "INTERNAL" } })).total).toBe(0);
    expect((await listTicketsPage(await staffContext(t), { filters: { id: internal } })).rows.map((r) => r.id)).toEqual([internal]);

    const { ticket, messages } = await customerTicket(me.ctx, mine);
    expect(ticket).toMatchObject({ id: mine, subject: "Mine", workingStatus: "OPEN" });
    expect(typeof ticket.number).toBe("number");
    expect(ticket.createdAt).toBeInstanceOf(Date);
    expect(messages.map((m) => [m.message, m.from, m.name])).toEqual([
      ["Hello", "you", expect.any(String)],
      ["We are on it", "support", null],
      ["Me too", "customer", "Col League"],
    ]);
    expect(acceptsReplies(ticket.workingStatus)).toBe(true);
    expect(acceptsReplies((await customerTicket(me.ctx, closed)).ticket.workingStatus)).toBe(false);
    for (const id of [internal, theirs, "not-a-uuid"]) expect(await codeOf(customerTicket(me.ctx, id)), id).toBe("NOT_FOUND");
    expect(await codeOf(customerTicket(other.ctx, mine))).toBe("NOT_FOUND");
    expect(await codeOf(customerTickets(await staffContext(t)))).toBe("FORBIDDEN");
  });
});

describe("the portal's help centre (the category and article lists, customer scope)", () => {
  it("shows only visible, live articles in visible, live categories under visible parents; hidden ones are NOT_FOUND", async () => {
    const t = await makeTenant();
    const me = await customerContext(t);
    const category = async (params: Record<string, string>) =>
      (await ok(t, "json", "Category/Create", { method: "POST", params: { category_type: "PRIMARY", visibility: "1", ...params } })).category
        .category_id as string;
    const article = async (params: Record<string, string>) =>
      (await ok(t, "json", "Article/Create", { method: "POST", params: { visibility: "1", contents: "<p>Text</p>", tags: "help", ...params } })).article
        .article_id as string;
    const billing = await category({ name: "Billing" });
    const refunds = await category({ name: "Refunds", category_type: "SUB", parent_category_id: billing });
    const secret = await category({ name: "Secret", visibility: "2" });
    const underSecret = await category({ name: "Under secret", category_type: "SUB", parent_category_id: secret });
    const hiddenSub = await category({ name: "Hidden sub", category_type: "SUB", parent_category_id: billing, visibility: "2" });
    const gone = await category({ name: "Gone" });
    const accounts = await category({ name: "Accounts" });

    const reading = await article({ category_id: billing, title: "Reading your invoice", tags: "invoices" });
    const refund = await article({ category_id: refunds, title: "How refunds work", tags: "refund, payments", contents: "<p>Days</p><script>x()</script>" });
    const signIn = await article({ category_id: accounts, title: "Signing in" });
    const hidden = [
      await article({ category_id: billing, title: "Hidden draft", visibility: "2", tags: "refund" }),
      await article({ category_id: secret, title: "In a hidden category", tags: "refund" }),
      await article({ category_id: underSecret, title: "Under a hidden parent", tags: "refund" }),
      await article({ category_id: hiddenSub, title: "In a hidden sub category" }),
      await article({ category_id: gone, title: "In a deleted category" }),
      await article({ category_id: billing, title: "Deleted article" }),
    ];
    await ok(t, "json", "Article/Delete", { method: "DELETE", params: { article_id: hidden[5] } });
    await ok(t, "json", "Category/Delete", { method: "DELETE", params: { category_id: gone } });

    const help = await helpCentre(me.ctx);
    expect(help.categories.map((c) => [c.name, c.articles.map((a) => a.title)])).toEqual([
      ["Accounts", ["Signing in"]],
      ["Billing", ["Reading your invoice"]],
      ["Billing › Refunds", ["How refunds work"]],
    ]);
    expect(help.total).toBe(3);
    expect((await helpCentre(me.ctx, { tag: "#REFUN" })).categories.map((c) => c.articles.map((a) => a.id))).toEqual([[refund]]);

    const views = async (id: string) => (await (await getDb()).select({ n: kbArticles.viewCount }).from(kbArticles).where(eq(kbArticles.id, id)))[0].n;
    const before = await views(refund);
    const read = await helpArticle(me.ctx, refund);
    expect(read).toMatchObject({ category: "Billing › Refunds", article: { id: refund, title: "How refunds work", tags: ["refund", "payments"] } });
    expect(read.html).not.toContain("<script");
    expect(read.article.updatedAt).toBeInstanceOf(Date);
    expect(await views(refund)).toBe(before + 1);
    expect((await helpArticle(me.ctx, reading)).category).toBe("Billing");
    for (const id of [...hidden, "not-a-uuid"]) expect(await codeOf(helpArticle(me.ctx, id)), id).toBe("NOT_FOUND");

    // The lists themselves, as a customer reads them: by id too, nothing hidden; staff see it all.
    const customerArticles = (await listArticlesPage(me.ctx, { pageSize: 100 })).rows.map((a) => a.id);
    expect(customerArticles.sort()).toEqual([reading, refund, signIn].sort());
    for (const id of hidden) expect((await listArticlesPage(me.ctx, { filters: { id } })).rows, id).toEqual([]);
    expect((await listArticlesPage(me.ctx, { filters: { deleted: "Y" } })).rows).toEqual([]);
    const customerCategories = (await listCategoriesPage(me.ctx, { pageSize: 100 })).rows.map((c) => c.name);
    expect(customerCategories).toEqual(["Accounts", "Billing", "Refunds"]);
    for (const id of [secret, underSecret, hiddenSub, gone]) expect((await listCategoriesPage(me.ctx, { filters: { id } })).rows, id).toEqual([]);
    const staff = await staffContext(t);
    expect((await listArticlesPage(staff, { pageSize: 100 })).total).toBe(8);
    expect((await listArticlesPage(staff, { filters: { deleted: "Y" } })).rows.map((a) => a.id)).toEqual([hidden[5]]);
    expect(await codeOf(helpCentre(staff))).toBe("FORBIDDEN");
  });
});
