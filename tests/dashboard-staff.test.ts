/**
 * The dashboard's staff-side lib: invitation and reset links (made at send time, hashed, single
 * use, expiring), the forgot-password throttle, the customer timeline's brand scope, the global
 * search's scope and the CSV export's batches and cells.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { emailDeliveries, outboxEvents, staffTokens, staffUsers } from "../db/schema";
import { contextFromStaffSession, allBrandsContext } from "../lib/auth/context";
import { staffActions } from "../lib/dashboard/actions";
import { accountTimeline } from "../lib/dashboard/timeline";
import { searchBrand } from "../lib/dashboard/search";
import { DASHBOARD_LISTS, csvCell, exportBatches } from "../lib/dashboard/exports";
import { requestStaffPasswordReset, setStaffPasswordWithLink, staffLinkInfo } from "../lib/staff/links";
import { sinkFor } from "../lib/jobs/sinks";
import { deliverDue } from "../lib/outbox/deliver";
import { signInStaff } from "../lib/staff/sign-in";
import { makeTenant, ok, type Tenant } from "./support/api";

let db: Awaited<ReturnType<typeof getDb>>;
let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  db = await getDb();
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
});

const session = () => ({ staffUserId: t.staffUserId });
const deliver = () => deliverDue({ ctx: allBrandsContext(db, { now: () => new Date() }), input: { sinkFor } });

/** The token in the latest staff email to this address. */
async function tokenSentTo(email: string) {
  await deliver();
  const mails = await db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.recipient, email), eq(emailDeliveries.audience, "staff")));
  const html = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.html ?? "";
  return /token=([A-Za-z0-9_-]+)/.exec(html)?.[1] ?? "";
}

const account = (tenant: Tenant, last: string) =>
  ok(tenant, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Tess",
      last_name: last,
      email_address: `${last.toLowerCase()}@example.com`,
      country: "US",
      locale: "en-US",
      timezone_id: "UTC",
      skip_notification: "Y",
    },
  }).then((b) => b.customer_account.customer_account_id as string);

describe("staff links", () => {
  it("an invitation link sets the password once; the outbox never holds it; a used link is dead", async () => {
    const email = `invitee-${Date.now()}@example.com`;
    const r = await staffActions.staffInvite.run(session(), t.brand_id, { name: "Ivy Invitee", email, access_level: "USER" });
    expect(r).toMatchObject({ ok: true, data: { status: "invited", access_level: "USER" } });
    const token = await tokenSentTo(email);
    expect(token).toMatch(/^rbs_/);
    const [stored] = await db.select().from(staffTokens).where(eq(staffTokens.purpose, "invite")).orderBy(staffTokens.createdAt);
    expect(stored.tokenHash).not.toContain(token);
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/invite"));
    expect(JSON.stringify(events)).not.toContain(token);
    expect(await staffLinkInfo(db, token)).toMatchObject({ purpose: "invite", email });
    expect(await setStaffPasswordWithLink(db, token, "short")).toMatchObject({ ok: false, parameter: "password" });
    expect(await setStaffPasswordWithLink(db, token, "a good long password")).toEqual({ ok: true, email });
    expect(await signInStaff(db, { email, password: "a good long password" })).toMatchObject({ ok: true });
    expect(await setStaffPasswordWithLink(db, token, "another long password")).toMatchObject({ ok: false, parameter: "token" });
    expect(await staffLinkInfo(db, token)).toBeNull();
  });

  it("a reset link expires after an hour; unknown emails change nothing; one email per user per 2 minutes", async () => {
    const [me] = await db.select().from(staffUsers).where(eq(staffUsers.id, t.staffUserId));
    const before = await db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/password-reset"));
    await requestStaffPasswordReset(db, `unknown-${Date.now()}@example.com`);
    expect(await db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/password-reset"))).toHaveLength(before.length);
    await requestStaffPasswordReset(db, me.email.toUpperCase());
    const token = await tokenSentTo(me.email);
    expect(token).toMatch(/^rbs_/);
    await requestStaffPasswordReset(db, me.email); // within 2 minutes of the first: no second email
    expect(await db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/password-reset"))).toHaveLength(before.length + 1);
    const later = new Date(Date.now() + 61 * 60_000);
    expect(await staffLinkInfo(db, token, later)).toBeNull();
    expect(await setStaffPasswordWithLink(db, token, "a good long password", later)).toMatchObject({ ok: false, parameter: "token" });
    expect(await setStaffPasswordWithLink(db, token, "a good long password")).toMatchObject({ ok: true });
  });

  it("role and disable: ADMIN only, never oneself, another account's staff not found", async () => {
    const email = `role-${Date.now()}@example.com`;
    const made = await staffActions.staffInvite.run(session(), t.brand_id, { name: "Rory Role", email, access_level: "USER" });
    const id = (made as { data: { staff_user_id: string } }).data.staff_user_id;
    expect(await staffActions.staffSetRole.run(session(), t.brand_id, { staff_user_id: id, access_level: "ADMIN" })).toMatchObject({
      ok: true,
      data: { access_level: "ADMIN" },
    });
    expect(await staffActions.staffSetRole.run(session(), t.brand_id, { staff_user_id: t.staffUserId, access_level: "USER" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_STATE" },
    });
    expect(await staffActions.staffDisable.run(session(), t.brand_id, { staff_user_id: other.staffUserId })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    expect(await staffActions.staffDisable.run(session(), t.brand_id, { staff_user_id: id })).toMatchObject({ ok: true, data: { status: "disabled" } });
  });
});

describe("timeline, search and export", () => {
  it("the timeline is the account's, newest first, and another brand's account has none here", async () => {
    const id = await account(t, "Timeline");
    await ok(t, "json", "Note/Create", { method: "POST", params: { customer_account_id: id, subject: "First", contents: "x" } });
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const { rows, total } = await accountTimeline(ctx, id);
    expect(rows.map((r) => r.title)).toEqual(["Note added", "Portal user added", "Account created"]);
    expect(total).toBe(3);
    const theirs = await account(other, "Theirs");
    expect(await accountTimeline(ctx, theirs)).toEqual({ rows: [], total: 0 });
    expect((await accountTimeline(ctx, id, { page: 2, pageSize: 2 })).rows.map((r) => r.title)).toEqual(["Account created"]);
  });

  it("search finds this brand's records only", async () => {
    await account(t, "Zanzibar");
    await account(other, "Zanzibaro");
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const groups = await searchBrand(ctx, "zanzib");
    expect(groups.find((g) => g.label === "Customers")!.results.map((r) => r.title)).toEqual(["Tess Zanzibar"]);
    expect(groups.find((g) => g.label === "Customers")!.results[0].href).toMatch(new RegExp(`^/dashboard/${t.brand_id}/accounts/`));
    // A ticket from its read row: its number, subject and working status in staff's words (lib/format.ts).
    const ticket = (
      await ok(t, "json", "Ticket/Create", { method: "POST", params: { type: "NEW", subject: "Zanzibar trip", message: "Hi", direction: "INTERNAL" } })
    ).ticket;
    const [found] = (await searchBrand(ctx, "zanzibar trip")).find((g) => g.label === "Tickets")!.results;
    expect(found).toEqual({
      kind: "ticket",
      id: ticket.ticket_id,
      title: `#${ticket.friendly_ticket_id} Zanzibar trip`,
      detail: "Open",
      href: `/dashboard/${t.brand_id}/tickets/${ticket.ticket_id}`,
    });
  });

  it("export reads every matching row in batches, in the page's order", async () => {
    for (const n of ["Exa", "Exb", "Exc", "Exd", "Exe"]) await account(t, `${n}port`);
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const batches: string[][] = [];
    for await (const b of exportBatches(ctx, DASHBOARD_LISTS.accounts, { q: "port", filters: { status: "1" }, sort: { key: "last_name", dir: "desc" } }, 2)) {
      batches.push(b.map((r) => (r as { last_name: string }).last_name));
    }
    expect(batches).toEqual([["Exeport", "Exdport"], ["Excport", "Exbport"], ["Exaport"]]);
  });

  it("CSV cells: formulas are defused, numbers kept, nested parts as JSON", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("-5.00")).toBe("-5.00");
    expect(csvCell(null)).toBe("");
    expect(csvCell([{ a: 1 }])).toBe('[{"a":1}]');
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});
