/**
 * The portal's "forgot password" (User/PasswdReset from the sign-in page) is limited per sign-in name
 * and per client address, and its answer never tells whether the details are anyone's: the same
 * notice for a user, for nobody, and for a name over its limit (where nothing more is emailed).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { config } from "../lib/config";
import { DomainError } from "../lib/errors";
import { PASSWORD_RESET_NOTICE, passwordResetLimits, requestPasswordReset } from "../lib/portal/sign-in";
import { makeTenant, ok, type Tenant } from "./support/api";
import { outboxEvents } from "./support/payments";

const { perLogin, perAddress } = config.passwordResetsPerHour;

beforeEach(() => {
  // Fresh counters for each test (the throttles live for the process).
  passwordResetLimits.byAddress.configure({ points: perAddress, seconds: 3600 });
  passwordResetLimits.byLogin.configure({ points: perLogin, seconds: 3600 });
});

async function customer(t: Tenant) {
  const email = `reset-${Math.random().toString(36).slice(2)}@example.com`;
  const body = await ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Reset",
      last_name: "Me",
      email_address: email,
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
      password: "Reset-pass-123",
    },
  });
  return { email, username: body.user.username as string };
}

const brandOf = async (t: Tenant) => (await (await getDb()).select().from(brands).where(eq(brands.id, t.brand_id)))[0];
const emailsSent = async (t: Tenant) => (await outboxEvents(t, "User/PasswdReset")).length;
let addresses = 0;
const anAddress = () => `203.0.113.${++addresses % 250}`;

describe("portal forgot password: limits", () => {
  it(`emails a user at most ${perLogin} times an hour by one sign-in name, whatever the address and the case; the answer never changes`, async () => {
    const t = await makeTenant();
    const brand = await brandOf(t);
    const { email } = await customer(t);
    for (let n = 0; n < perLogin; n++) {
      expect(await requestPasswordReset(brand, n % 2 ? email.toUpperCase() : email, { address: anAddress() })).toBe(PASSWORD_RESET_NOTICE);
    }
    expect(await emailsSent(t)).toBe(perLogin);
    // Over the limit, from fresh addresses: the same notice, and nothing more is sent.
    for (let n = 0; n < 3; n++) expect(await requestPasswordReset(brand, ` ${email} `, { address: anAddress() })).toBe(PASSWORD_RESET_NOTICE);
    expect(await emailsSent(t)).toBe(perLogin);
  });

  it("answers a name nobody uses exactly as a user's, and counts it the same way", async () => {
    const t = await makeTenant();
    const brand = await brandOf(t);
    const { email } = await customer(t);
    const nobody = `nobody-${Math.random().toString(36).slice(2)}@example.com`;
    const answers = new Set<string>();
    for (let n = 0; n < perLogin + 2; n++) {
      answers.add(await requestPasswordReset(brand, nobody, { address: anAddress() }));
      answers.add(await requestPasswordReset(brand, email, { address: anAddress() }));
    }
    expect([...answers]).toEqual([PASSWORD_RESET_NOTICE]);
    expect(await emailsSent(t)).toBe(perLogin);
  });

  it(`refuses a client address after ${perAddress} requests an hour, for any names, with a message that says nothing about them`, async () => {
    const t = await makeTenant();
    const brand = await brandOf(t);
    const users = await Promise.all([customer(t), customer(t)]);
    const address = "198.51.100.7";
    for (let n = 0; n < perAddress; n++) {
      await requestPasswordReset(brand, `someone-${n}@example.com`, { address });
    }
    const refusals = await Promise.allSettled([
      requestPasswordReset(brand, users[0].email, { address }),
      requestPasswordReset(brand, `nobody-at-all@example.com`, { address }),
      requestPasswordReset(brand, users[1].username, { address }),
    ]);
    const messages = refusals.map((r) => {
      expect(r.status).toBe("rejected");
      const err = (r as PromiseRejectedResult).reason;
      expect(err).toBeInstanceOf(DomainError);
      expect(err.code).toBe("RATE_LIMITED");
      return err.message;
    });
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toMatch(/Too many password requests from your network\. Please try again in \d+ minutes\./);
    expect(await emailsSent(t)).toBe(0);
    // Another address is not held back by this one.
    expect(await requestPasswordReset(brand, users[0].email, { address: "198.51.100.8" })).toBe(PASSWORD_RESET_NOTICE);
    expect(await emailsSent(t)).toBe(1);
  });

  it("refuses an empty or malformed name before counting it", async () => {
    const t = await makeTenant();
    const brand = await brandOf(t);
    const address = "192.0.2.1";
    for (let n = 0; n < perAddress + 2; n++) {
      await expect(requestPasswordReset(brand, "  ", { address })).rejects.toMatchObject({ code: "INVALID_PARAMETER", parameter: "login" });
    }
    expect(await requestPasswordReset(brand, "someone@example.com", { address })).toBe(PASSWORD_RESET_NOTICE);
  });
});
