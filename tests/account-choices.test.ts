/**
 * The customer account picker's server action (staffActions.accountChoices): what is typed finds
 * accounts past the first hundred, by any part of the name (the full name too), only active ones,
 * only the brand's; a USER-level staff member may use it; another brand's account id is not found.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { staffActions } from "../lib/dashboard/actions";
import { ACCOUNT_MATCHES } from "../lib/accounts/account-choices";
import { makeTenant, ok, type Tenant } from "./support/api";

let mine: Tenant;
let theirs: Tenant;
let user: Tenant;

async function account(t: Tenant, first: string, last: string) {
  const r = await ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: first,
      last_name: last,
      email_address: `${first}.${last}-${Math.random().toString(36).slice(2, 8)}@example.com`.toLowerCase(),
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
    },
  });
  return r.customer_account.customer_account_id as string;
}

const run = (t: Tenant, input: Record<string, string>, brandId = t.brand_id) => staffActions.accountChoices.run({ staffUserId: t.staffUserId }, brandId, input);

let zelda: string;
let suspended: string;
let foreign: string;
beforeAll(async () => {
  [mine, theirs] = await Promise.all([makeTenant(), makeTenant()]);
  const template = await account(mine, "Aaron", "Aardvark");
  // 150 more "Aaron A…" accounts: the one sought sorts after every one of them.
  await (
    await getDb()
  ).execute(sql`
    insert into customer_accounts
    select (jsonb_populate_record(null::customer_accounts, to_jsonb(a) || jsonb_build_object(
      'id', gen_random_uuid(), 'last_name', 'Aardvark' || lpad(g::text, 3, '0'), 'email_address', 'bulk' || g || '@example.com'))).*
    from customer_accounts a, generate_series(1, 150) g where a.id = ${template}`);
  zelda = await account(mine, "Zelda", "Zimmermann");
  suspended = await account(mine, "Zelda", "Suspended");
  await ok(mine, "json", "Account/Suspend", { method: "PATCH", params: { customer_account_id: suspended } });
  foreign = await account(theirs, "Zelda", "Elsewhere");
  // A service account whose only staff member is USER level.
  user = await makeTenant("USER");
}, 120_000);

describe("account picker action", () => {
  it("with nothing typed, offers the first accounts by last name and says there are more", async () => {
    const r = await run(mine, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.accounts).toHaveLength(ACCOUNT_MATCHES);
    expect(r.data.more).toBe(true);
    expect(r.data.accounts.some((a) => a.value === zelda)).toBe(false);
  });

  it("finds an account past the first hundred by part of its name, or its full name", async () => {
    for (const q of ["zimmer", "ZELDA ZIM", "Zelda Zimmermann"]) {
      const r = await run(mine, { q });
      expect(r, q).toMatchObject({ ok: true, data: { more: false } });
      if (r.ok) expect(r.data.accounts.map((a) => a.value)).toEqual([zelda]);
    }
    const r = await run(mine, { q: "zimmer" });
    if (r.ok) expect(r.data.accounts[0].label).toMatch(/^Zelda Zimmermann · zelda\.zimmermann-/);
  });

  it("offers only active accounts of the brand: never a suspended one, never another brand's", async () => {
    const r = await run(mine, { q: "zelda" });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data.accounts.map((a) => a.value)).toEqual([zelda]);
    const none = await run(mine, { q: "Elsewhere" });
    expect(none).toMatchObject({ ok: true, data: { accounts: [], more: false } });
  });

  it("names a preset account by id (suspended too); another brand's id is not found", async () => {
    expect(await run(mine, { customer_account_id: suspended })).toMatchObject({ ok: true, data: { accounts: [{ value: suspended }] } });
    expect(await run(mine, { customer_account_id: foreign })).toMatchObject({ ok: false, error: { code: "NOT_FOUND", parameter: "customer_account_id" } });
  });

  it("another service account's brand as the selector is not found; signed out is refused", async () => {
    expect(await run(mine, { q: "zelda" }, theirs.brand_id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await staffActions.accountChoices.run(null, mine.brand_id, { q: "zelda" })).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
  });

  it("a USER-level staff member may search their brand's accounts", async () => {
    await account(user, "Ursula", "Userland");
    const r = await run(user, { q: "ursula" });
    expect(r).toMatchObject({ ok: true, data: { accounts: [{ label: expect.stringMatching(/^Ursula Userland/) }] } });
  });
});
