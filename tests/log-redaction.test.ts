/**
 * Logs never carry secrets or personal data (issue 16 item 6): a database error inside a verb that
 * handles a password, an email address and a code is logged with the request id, the SQLSTATE and the
 * names of what failed, but none of the failed query's values; so is a delivery that fails for good,
 * whose stored attempt detail keeps no value either.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, outboxAttempts, outboxEvents } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { newId, newSecret } from "../lib/ids";
import { logTo, logger } from "../lib/log";
import { deliverDue } from "../lib/outbox/deliver";
import { emit } from "../lib/outbox/emit";
import { call, type Tenant } from "./support/api";
import { makeTenant, newCustomer } from "./support/fake-customers";

let t: Tenant;
let lines: string[] = [];
beforeAll(async () => {
  t = await makeTenant();
});
afterEach(() => {
  lines = [];
});
afterAll(() => logTo());

/** Captures the log lines of `work` (at info, whatever LOG_LEVEL says). */
async function logged(work: () => Promise<unknown>) {
  logTo({ write: (line: string) => void lines.push(line) }, "info");
  try {
    await work();
  } finally {
    logTo();
  }
  return lines.join("");
}

/** Runs `work` while every insert into `table` fails with SQLSTATE 23514 (check_violation), its row in the error's detail. */
async function refusingInserts(table: string, constraint: string, work: () => Promise<unknown>) {
  const db = await getDb();
  await db.execute(sql.raw(`alter table ${table} add constraint ${constraint} check (false) not valid`));
  try {
    return await logged(work);
  } finally {
    await db.execute(sql.raw(`alter table ${table} drop constraint ${constraint}`));
  }
}

describe("a failed query inside a verb", () => {
  it("User/Create: the 500 is logged with its request id and SQLSTATE, without the email, names, password or its hash", async () => {
    const { account } = await newCustomer(t);
    const email = `zebulon-${newId()}@example.com`;
    const password = "Correct horse battery staple";
    let requestId = "";
    const log = await refusingInserts("customer_users", "log_test_no_new_users", async () => {
      const r = await call("json", "User/Create", {
        method: "POST",
        creds: t,
        params: {
          customer_account_id: account.customer_account_id,
          first_name: "Zebulon",
          last_name: "Quixotic",
          email_address: email,
          access_level: "USER",
          locale: "en-US",
          timezone_id: "UTC",
          send_new_user_email: "N",
          password,
        },
      });
      expect(r.status).toBe(500);
      expect(r.text).not.toMatch(/insert|log_test/);
      requestId = r.headers.get("x-request-id")!;
    });
    expect(log).toContain(requestId);
    expect(log).toContain('"code":"23514"');
    expect(log).toContain("log_test_no_new_users");
    expect(log).toContain("customer_users");
    for (const secret of [email, "Zebulon", "Quixotic", password, "$argon2", account.email_address]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/insert into|params:|Failing row/i);
  });

  it("User/2FARequest: the code's hash and the user's email stay out of the log", async () => {
    const { user, account } = await newCustomer(t);
    const log = await refusingInserts("customer_user_codes", "log_test_no_new_codes", async () => {
      const r = await call("json", "User/2FARequest", {
        method: "POST",
        creds: t,
        params: { verification_user_id: user.user_id, verification_method: "email" },
      });
      expect(r.status).toBe(500);
    });
    expect(log).toContain('"code":"23514"');
    expect(log).toContain("log_test_no_new_codes");
    expect(log).not.toMatch(/\b[0-9a-f]{64}\b/);
    expect(log).not.toContain(account.email_address);
  });
});

describe("fields and messages", () => {
  it("credential and personal fields are censored at any depth; ids are kept", async () => {
    const token = newSecret("tt");
    const log = await logged(async () => {
      logger.error("something about someone@example.com", {
        requestId: "req-1",
        userId: "user-1",
        password: "hunter22",
        nested: { user: { email_address: "a@example.com", temporary_password: "T3mp0rary" }, card_number: "4242424242424242" },
        detail: `token ${token} for b@example.com`,
      });
    });
    expect(log).toContain("req-1");
    expect(log).toContain("user-1");
    for (const secret of ["someone@example.com", "hunter22", "a@example.com", "T3mp0rary", "4242424242424242", token, "b@example.com"]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe("an outbox delivery that fails on a query", () => {
  it("neither the log nor the stored attempt keeps the query's values", async () => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const secret = newSecret("tt");
    const id = await emit(systemContext(db, brand), { type: "User/2FARequest", payload: { user: { user_id: newId() } } });
    const failingQuery = () => async () => {
      await db.execute(sql`select ${secret}::int`);
    };
    const log = await logged(() => deliverDue({ ctx: allBrandsContext(db, { now: () => new Date() }), input: { sinkFor: failingQuery, maxAttempts: 1 } }));
    expect(log).toContain("outbox event failed for good");
    expect(log).toContain(id);
    expect(log).not.toContain(secret);
    const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
    const attempts = await db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, id));
    const stored = JSON.stringify([event, attempts]);
    expect(stored).toContain("22P02"); // invalid_text_representation: what failed is still told
    expect(stored).not.toContain(secret);
  });
});
