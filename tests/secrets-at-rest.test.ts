/**
 * Secrets are kept only as long as they are needed (issue 16, item 5): temporary passwords, codes
 * and generated passwords leave the outbox once their event is delivered or given up, and an
 * Idempotency-Key never stores a sign-in token nor replays an answer to another user of the key.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, resultRows } from "../db/client";
import { customerAccounts, emailDeliveries, outboxEvents, staffUsers } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { hashSecret, newId, newSecret } from "../lib/ids";
import { sinkFor } from "../lib/jobs/sinks";
import { MAILBOX_SECRET_HOURS, deliverAllDue, deliverDue, maskMailboxSecrets } from "../lib/outbox/deliver";
import { MASKED_SECRET } from "../lib/notifications/placeholders";
import { staffActions } from "../lib/dashboard/actions";
import { emit } from "../lib/outbox/emit";
import { call, ok, type Tenant } from "./support/api";
import { makeTenant, newCustomer, outbox } from "./support/fake-customers";
import { brands } from "../db/schema";

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});

/** Every column of the brand's rows in a table, as one text to search. */
async function rowsText(table: "outbox_events" | "outbox_attempts" | "idempotency_keys", brandId = t.brand_id) {
  const db = await getDb();
  const rows = resultRows<{ row: string }>(
    await db.execute(sql`select row_to_json(r)::text as row from ${sql.identifier(table)} r where brand_id = ${brandId}`),
  );
  return rows.map((r) => r.row).join("\n");
}

const deliver = async () => deliverAllDue({ ctx: allBrandsContext(await getDb(), { now: () => new Date() }), input: { sinkFor } });

describe("outbox events keep their secrets only until delivery", () => {
  it("a temporary password, an email code and a generated password are erased once delivered, after they were sent", async () => {
    for (const event of ["User/PasswdReset", "User/2FARequest"]) {
      await ok(t, "json", "Notification/Create", {
        method: "POST",
        params: { notification_event: event, default_notify_brand: "N", default_notify_customer: "Y", from_email: "billing@example.com" },
      });
    }
    const { account, user } = await newCustomer(t, { password: "a fine password" });
    await ok(t, "json", "User/PasswdReset", { method: "POST", params: { email_address: account.email_address } });
    await ok(t, "json", "User/2FARequest", { method: "POST", params: { verification_user_id: user.user_id, verification_method: "email" } });
    await ok(t, "json", "User/Create", {
      method: "POST",
      params: {
        customer_account_id: account.customer_account_id,
        first_name: "New",
        last_name: "User",
        email_address: `new-${newId()}@example.com`,
        access_level: "USER",
        locale: "en-US",
        timezone_id: "UTC",
        send_new_user_email: "Y",
      },
    });
    const secrets = [
      (await outbox(t, "User/PasswdReset"))[0].user.temporary_password,
      (await outbox(t, "User/2FARequest"))[0].user.email_verification_code,
      (await outbox(t, "User/Create"))[0].user.initial_password,
    ] as string[];
    expect(secrets.every((s) => typeof s === "string" && s.length >= 16)).toBe(true);
    // Before delivery the events need them; they are in the outbox.
    const before = await rowsText("outbox_events");
    for (const s of secrets) expect(before).toContain(s);

    await deliver();

    const db = await getDb();
    const mailbox = (await db.select({ html: emailDeliveries.html }).from(emailDeliveries).where(eq(emailDeliveries.brandId, t.brand_id)))
      .map((d) => d.html)
      .join("\n");
    for (const s of secrets) expect(mailbox, "each secret was sent to its user").toContain(s);
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.brandId, t.brand_id));
    expect(events.every((e) => e.status === "delivered")).toBe(true);
    const after = (await rowsText("outbox_events")) + (await rowsText("outbox_attempts"));
    for (const s of secrets) expect(after).not.toContain(s);
    // What the events said apart from the secrets is kept.
    expect(after).toContain(user.user_id);
  });

  it("an event that fails for good loses its secrets too", async () => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const code = newSecret("code");
    const id = await emit(systemContext(db, brand), {
      type: "User/2FARequest",
      payload: { to_email: "someone@example.com", user: { user_id: newId(), email_verification_code: code } },
    });
    const failing = () => async () => {
      throw new Error("provider down");
    };
    const outcome = await deliverDue({ ctx: allBrandsContext(db, { now: () => new Date() }), input: { sinkFor: failing, maxAttempts: 1 } });
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
    expect(row.status).toBe("failed");
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.payload).toMatchObject({ user: { user_id: expect.any(String) } });
  });
});

describe("Idempotency-Key answers", () => {
  /** Another staff user of the same service account: the same API key, their own user_key. */
  async function colleague(of: Tenant) {
    const db = await getDb();
    const userKey = newSecret("rbu");
    await db.insert(staffUsers).values({
      id: newId(),
      serviceAccountId: of.serviceAccountId,
      email: `colleague-${newId()}@example.com`,
      name: "Colleague",
      accessLevel: "ADMIN",
      userKeyHash: hashSecret(userKey),
      userKeyPrefix: userKey.slice(0, 8),
      createdAt: new Date(),
    });
    return { ...of, user_key: userKey };
  }

  const createToken = (creds: Tenant, params: Record<string, string>, key: string) =>
    call("json", "User/CreateToken", { method: "POST", creds, params, headers: { "idempotency-key": key } });

  it("a sign-in token is never stored, and a repeat is refused rather than replayed", async () => {
    const { account, user } = await newCustomer(t, { password: "a fine password" });
    const params = { customer_account_id: account.customer_account_id, user_id: user.user_id };
    const first = await createToken(t, params, "token-once");
    expect(first.status, first.text).toBe(200);
    const token = first.body.token.temporary_token as string;
    expect(token).toMatch(/^tt_/);

    const stored = await rowsText("idempotency_keys");
    expect(stored).toContain("token-once");
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(first.body.token.sign_in_url);

    const again = await createToken(t, params, "token-once");
    expect(again.status).toBe(409);
    expect(again.body.exception.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(again.body.exception.message).toMatch(/secret/);
    expect(again.text).not.toContain(token);
    // The first token still signs in once.
    expect((await call("json", "User/Authenticate", { method: "POST", creds: t, params: { temporary_token: token } })).status).toBe(200);
  });

  it("another staff user sharing the API key never gets the first one's answer", async () => {
    const { account, user } = await newCustomer(t, { password: "a fine password" });
    const params = { customer_account_id: account.customer_account_id, user_id: user.user_id };
    const mate = await colleague(t);
    const first = await createToken(t, params, "shared-key");
    const theirs = await createToken(mate, params, "shared-key");
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.token.temporary_token).not.toBe(first.body.token.temporary_token);

    // An answer without a secret: replayed to its own caller only.
    const update = (creds: Tenant) =>
      call("json", "User/Update", {
        method: "PATCH",
        creds,
        params: { user_id: user.user_id, first_name: "Renamed", access_level: "USER" },
        headers: { "idempotency-key": "update-1" },
      });
    const mine = await update(t);
    expect(mine.status, mine.text).toBe(200);
    expect((await update(t)).headers.get("idempotent-replayed")).toBe("true");
    const colleagues = await update(mate);
    expect(colleagues.status).toBe(200);
    expect(colleagues.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("the account's email_verification_code (issue 28 item 5)", () => {
  it("is shown once by Account/Create, kept as its hash, and is in no audit row, stored answer, list or replay", async () => {
    const email = `code-${newId()}@example.com`;
    const params = { first_name: "Cody", last_name: "Code", email_address: email, country: "US", locale: "en-US", timezone_id: "UTC", skip_notification: "Y" };
    const created = await call("json", "Account/Create", { method: "POST", creds: t, params, headers: { "idempotency-key": "account-code" } });
    expect(created.status, created.text).toBe(200);
    const code = created.body.customer_account.email_verification_code as string;
    expect(code).toMatch(/^[A-Za-z0-9]{35}$/);
    const id = created.body.customer_account.customer_account_id as string;
    const db = await getDb();
    const [row] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, id));
    expect(row.emailVerificationCode).toBe(hashSecret(code));
    const audit = resultRows<{ row: string }>(await db.execute(sql`select row_to_json(a)::text as row from audit_entries a where record_id = ${id}`));
    expect(audit.length).toBeGreaterThan(0);
    const trail = audit.map((a) => a.row).join("\n");
    expect(trail).not.toContain(code);
    expect(trail).not.toContain(hashSecret(code));
    expect(await rowsText("idempotency_keys")).not.toContain(code);
    // A replay answers the same account, the code left out; reads never show it.
    const replay = await call("json", "Account/Create", { method: "POST", creds: t, params, headers: { "idempotency-key": "account-code" } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.customer_account.customer_account_id).toBe(id);
    expect(replay.text).not.toContain(code);
    const listed = await ok(t, "json", "Account/List", { params: { customer_account_id: id } });
    expect(JSON.stringify(listed)).not.toContain(code);
    expect(JSON.stringify(listed)).not.toContain(hashSecret(code));
  });
});

describe("the local mailbox (issue 28 item 5)", () => {
  it("keeps a password, a code and a sign-in link readable for a day, then masks them; the rest of the email stays", async () => {
    const m = await makeTenant();
    await ok(m, "json", "Notification/Create", {
      method: "POST",
      params: { notification_event: "User/2FARequest", default_notify_brand: "N", default_notify_customer: "Y", from_email: "billing@example.com" },
    });
    const { user } = await newCustomer(m, { password: "a fine password" });
    await ok(m, "json", "User/2FARequest", { method: "POST", params: { verification_user_id: user.user_id, verification_method: "email" } });
    const code = (await outbox(m, "User/2FARequest"))[0].user.email_verification_code as string;
    const invitee = `invitee-${newId()}@example.com`;
    expect(await staffActions.staffInvite.run({ staffUserId: m.staffUserId }, m.brand_id, { name: "Ivy", email: invitee, access_level: "USER" })).toMatchObject(
      { ok: true },
    );
    await deliver();
    const db = await getDb();
    const kept = async () => db.select().from(emailDeliveries).where(eq(emailDeliveries.brandId, m.brand_id));
    const fresh = await kept();
    const codeMail = fresh.find((d) => d.eventType === "User/2FARequest")!;
    const invite = fresh.find((d) => d.eventType === "staff/invite")!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(invite.html ?? "")?.[1] ?? "";
    expect(token).toMatch(/^rbs_/);
    expect(codeMail.html).toContain(code);
    // The masked copy never holds them.
    expect(codeMail.maskedHtml).not.toContain(code);
    expect(invite.maskedHtml).not.toContain(token);

    // Within the day nothing changes; a day on, the credentials are masked and the email still reads.
    await maskMailboxSecrets(db, new Date(Date.now() + 23 * 3600_000));
    expect((await kept()).map((d) => d.html).join("\n")).toContain(code);
    await deliverAllDue({ ctx: allBrandsContext(db, { now: () => new Date(Date.now() + MAILBOX_SECRET_HOURS * 3600_000 + 60_000) }), input: { sinkFor } });
    const later = await kept();
    const text = JSON.stringify(later);
    expect(text).not.toContain(code);
    expect(text).not.toContain(token);
    const masked = later.find((d) => d.eventType === "User/2FARequest")!;
    expect(masked.html).toContain(MASKED_SECRET);
    expect(masked.html).toContain("It works once");
    expect(later.find((d) => d.eventType === "staff/invite")!.html).toContain("/set-password?token=");
    expect(later.every((d) => d.maskedHtml === null)).toBe(true);
  });
});
