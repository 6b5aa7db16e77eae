import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, customerAccounts, customerUsers } from "../db/schema";
import { ensureDemoCustomer, demoSignInLink } from "../lib/platform/demo-customer";
import { decodeCustomerSession, encodeCustomerSession } from "../lib/auth/customer-session";
import { newId } from "../lib/ids";
import {
  endPortalSession,
  portalBrand,
  portalContext,
  signInWithLink,
  signInWithPassword,
  verifySecondFactor,
  sendSecondFactorCode,
} from "../lib/portal/sign-in";
import { INVOICE_STATUS, STATUS } from "../db/schema/status";
import { portalInvoice, portalInvoices, portalOverview, portalSubscription } from "../lib/portal/queries";
import { MAX_FAILED_SIGN_INS } from "../lib/users/sign-in";
import { ok } from "./support/api";
import { makeTenant, newCustomer, outbox } from "./support/fake-customers";

const brandOf = async (id: string) => (await portalBrand(id))!;

describe("portal sign-in (lib/portal/sign-in.ts)", () => {
  it("a CreateToken link signs in once, on the brand it was issued on; a wrong or reused one is refused", async () => {
    const t = await makeTenant();
    const { account, user } = await newCustomer(t);
    const token = (
      await ok(t, "json", "User/CreateToken", { method: "POST", params: { customer_account_id: account.customer_account_id, user_id: user.user_id } })
    ).token;
    const link = new URL(token.sign_in_url);
    expect(link.pathname).toBe("/portal/sign-in");
    const { session } = await signInWithLink(link.searchParams.get("token")!);
    expect(session).toEqual({ brandId: t.brand_id, customerAccountId: account.customer_account_id, userId: user.user_id, sessionId: expect.any(String) });
    await expect(signInWithLink(link.searchParams.get("token")!)).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
    await expect(signInWithLink("tt_nonsense")).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
  });

  it("password: email or username; wrong ones refused with one message; the lockout of User/Authenticate applies", async () => {
    const t = await makeTenant();
    const { account, user } = await newCustomer(t, { password: "correct horse 1" });
    const brand = await brandOf(t.brand_id);
    const byEmail = await signInWithPassword(brand, account.email_address, "correct horse 1");
    expect(byEmail).toMatchObject({ kind: "signed-in", session: { userId: user.user_id, customerAccountId: account.customer_account_id } });
    expect(await signInWithPassword(brand, user.username, "correct horse 1")).toMatchObject({ kind: "signed-in" });
    await expect(signInWithPassword(brand, account.email_address, "wrong")).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
    // Another brand's sign-in page does not know this user.
    const other = await brandOf((await makeTenant()).brand_id);
    await expect(signInWithPassword(other, account.email_address, "correct horse 1")).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) await expect(signInWithPassword(brand, user.username, "wrong")).rejects.toThrow();
    await expect(signInWithPassword(brand, user.username, "correct horse 1")).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
  });

  it("a user with two-step verification (verified Y) gets an emailed code instead of a session; the code signs in once", async () => {
    const t = await makeTenant();
    const { account, user } = await newCustomer(t, { password: "correct horse 1" });
    await ok(t, "json", "User/Update", { method: "PATCH", params: { user_id: user.user_id, access_level: "ADMIN", verified: "Y" } });
    const outcome = await signInWithPassword(await brandOf(t.brand_id), account.email_address, "correct horse 1");
    expect(outcome.kind).toBe("second-factor");
    if (outcome.kind !== "second-factor") return;
    expect(outcome.pending).toMatchObject({ userId: user.user_id, method: "email" });
    expect(outcome.sentTo).toMatch(/\*\*\*@example\.com$/);
    const codes = async () => (await outbox(t, "User/2FARequest")).map((e: any) => e.user.email_verification_code as string);
    const first = (await codes()).at(-1)!;
    await expect(verifySecondFactor(outcome.pending, "X".repeat(35))).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
    // A new code replaces the first.
    await sendSecondFactorCode(outcome.pending);
    const second = (await codes()).at(-1)!;
    expect(second).not.toBe(first);
    await expect(verifySecondFactor(outcome.pending, first)).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
    expect(await verifySecondFactor(outcome.pending, second)).toEqual({
      brandId: t.brand_id,
      customerAccountId: account.customer_account_id,
      userId: user.user_id,
      sessionId: expect.any(String),
    });
    await expect(verifySecondFactor(outcome.pending, second)).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
  });

  it("a session stops working at once when its user or account is suspended", async () => {
    const t = await makeTenant();
    const { account, user } = await newCustomer(t);
    const session = { brandId: t.brand_id, customerAccountId: account.customer_account_id, userId: user.user_id };
    expect(await portalContext(session)).not.toBeNull();
    await ok(t, "json", "Account/Suspend", { method: "PATCH", params: { customer_account_id: account.customer_account_id } });
    expect(await portalContext(session)).toBeNull();
    await ok(t, "json", "Account/Restore", { method: "PATCH", params: { customer_account_id: account.customer_account_id } });
    expect(await portalContext(session)).not.toBeNull();
    await ok(t, "json", "User/Suspend", { method: "PATCH", params: { user_id: user.user_id } });
    expect(await portalContext(session)).toBeNull();
    expect(await portalContext({ ...session, brandId: (await makeTenant()).brand_id })).toBeNull();
  });

  it("signing out ends that session on the server; the user's other sessions stand until Sign out everywhere (issue 28 item 3)", async () => {
    const t = await makeTenant();
    const { account } = await newCustomer(t, { password: "correct horse 1" });
    const brand = await brandOf(t.brand_id);
    const signIn = async () => {
      const outcome = await signInWithPassword(brand, account.email_address, "correct horse 1");
      if (outcome.kind !== "signed-in") throw new Error("expected a session");
      return outcome.session;
    };
    const [laptop, phone, tablet] = [await signIn(), await signIn(), await signIn()];
    expect(new Set([laptop.sessionId, phone.sessionId, tablet.sessionId]).size).toBe(3);
    // The cookie (as any copy of it) names its session: after signing out it is refused.
    const cookie = await encodeCustomerSession(laptop, "session");
    expect(await portalContext(await decodeCustomerSession(cookie, "session"))).not.toBeNull();
    await endPortalSession(laptop);
    expect(await portalContext(await decodeCustomerSession(cookie, "session"))).toBeNull();
    expect(await portalContext(phone)).not.toBeNull();
    // A session made up with another session's id, or a made-up id, is none.
    expect(await portalContext({ ...phone, sessionId: newId() })).toBeNull();
    // An ended session cannot sign the others out; a standing one signs out everywhere, itself included.
    await endPortalSession(laptop, { everywhere: true });
    expect(await portalContext(tablet)).not.toBeNull();
    await endPortalSession(phone, { everywhere: true });
    expect(await portalContext(phone)).toBeNull();
    expect(await portalContext(tablet)).toBeNull();
    // Signing in again works at once.
    expect(await portalContext(await signIn())).not.toBeNull();
  });
});

describe("the demo customer and the portal's reads", () => {
  it("is made once, with a subscription, a paid and an open invoice; the overview and lists show only their own", async () => {
    const t = await makeTenant();
    const db = await getDb();
    const made = await ensureDemoCustomer(db, t.brand_id);
    expect(made.created).toBe(true);
    expect(await ensureDemoCustomer(db, t.brand_id)).toEqual({ ...made, created: false });
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    expect(brand.supportEmail).toBe("support@demo.example");
    const [acct] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, made.customerAccountId));
    const [usr] = await db.select().from(customerUsers).where(eq(customerUsers.id, made.userId));
    expect(usr.customerAccountId).toBe(acct.id);

    const link = await demoSignInLink(db, t.brand_id, made);
    const { session } = await signInWithLink(new URL(link.url).searchParams.get("token")!);
    const ctx = (await portalContext(session))!;
    const o = await portalOverview(ctx);
    expect(o.subscriptions).toHaveLength(1);
    expect(o.subscriptions[0]).toMatchObject({ productName: "Demo Plus monthly", status: STATUS.ACTIVE, nextRenewalCents: 2499 });
    expect(o.balanceDueCents).toBe(4900 + 700);
    const list = await portalInvoices(ctx);
    expect(list.total).toBe(2);
    expect(list.rows.map((i) => i.status).sort()).toEqual([INVOICE_STATUS.UNPAID, INVOICE_STATUS.PAID]);
    const open = list.rows.find((i) => i.status === INVOICE_STATUS.UNPAID)!;
    const detail = await portalInvoice(ctx, open.id);
    expect(detail.invoice.lines).toEqual([
      expect.objectContaining({ itemName: "Onboarding session", quantity: 1, itemPrice: 4900 }),
      expect.objectContaining({ itemName: "Extra storage (10 GB)", quantity: 2, itemPrice: 350 }),
    ]);
    const paid = await portalInvoice(ctx, list.rows.find((i) => i.status === INVOICE_STATUS.PAID)!.id);
    expect(paid.payments).toHaveLength(1);
    expect((await portalSubscription(ctx, o.subscriptions[0].id)).invoices).toHaveLength(1);

    // Another customer of the brand sees none of it.
    const { account, user } = await newCustomer(t);
    const theirs = (await portalContext({ brandId: t.brand_id, customerAccountId: account.customer_account_id, userId: user.user_id }))!;
    expect((await portalInvoices(theirs)).total).toBe(0);
    await expect(portalInvoice(theirs, open.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(portalSubscription(theirs, o.subscriptions[0].id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await portalOverview(theirs)).balanceDueCents).toBe(0);
  });
});
