/**
 * Two instances of the built server (scripts/serve.js) over one PostgreSQL behind a small
 * round-robin proxy (issue 34 item 5): a key's throttle budget holds in total, not per instance; an
 * Idempotency-Key repeated on the other instance replays the first answer; a revoked key fails on
 * both within a second; a dashboard or portal sign-out on one instance is honoured by the other;
 * both instances' billing timers (no Inngest: every instance runs its own) firing together bill
 * each due period once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { startServer, type RunningServer } from "./support/server";
import { roundRobin, type RoundRobin } from "./support/proxy";
import { makeTenant, ok, type Tenant } from "../tests/support/api";
import { makeGroup, makeProduct } from "../tests/support/catalog";
import { makeAccount, makeCard, makeGateway } from "../tests/support/payments";
import { newCustomer } from "../tests/support/fake-customers";
import { FakeStripe } from "../tests/support/fake-stripe";
import { getDb } from "../db/client";
import { hashSecret, newId } from "../lib/ids";
import { createServiceAccount } from "../lib/platform/bootstrap";
import { BILLING_LOCKS } from "../lib/billing/brand-lock";

/** A budget small enough to spend in a moment, with a window (8 s) longer than spending it takes. */
const BURST = 8;
/**
 * Each instance's billing timer (lib/jobs/runner.ts): short, so due work is picked up in a moment
 * and both timers fire while the other's run is still going. The default (10 minutes), and
 * BACKGROUND_JOBS=off (what e2e servers get unless told), are why a run never came within a minute.
 */
const BILLING_INTERVAL_MS = 500;

let instances: RunningServer[] = [];
let proxy: RoundRobin;
/** The card gateway of the billing test's brands, for the instances and this process (which adds the cards). */
const stripe = new FakeStripe();

beforeAll(async () => {
  const stripeBase = await stripe.start();
  vi.stubEnv("STRIPE_API_BASE", stripeBase);
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    STRIPE_API_BASE: stripeBase,
    RATE_LIMIT_PER_SECOND: "1",
    RATE_LIMIT_BURST: String(BURST),
    AUTH_CACHE_MS: "60000",
    BACKGROUND_JOBS: "on",
    BILLING_INTERVAL_MS: String(BILLING_INTERVAL_MS),
  };
  // PGAPPNAME names each instance's connections, so the test sees which one holds a brand's billing lock.
  instances = await Promise.all(["cluster-a", "cluster-b"].map((name) => startServer({ ...env, PGAPPNAME: name })));
  proxy = await roundRobin(instances.map((i) => i.baseUrl));
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((i) => i.stop()));
  vi.unstubAllEnvs();
  await stripe.stop();
});

const headers = (t: Tenant) => ({ "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id });
const list = (base: string, t: Tenant) => fetch(`${base}/api/json/Product/List`, { headers: headers(t) });

describe("two instances over one PostgreSQL", () => {
  it("a key's throttle budget holds in total, whichever instance answers", async () => {
    const t = await makeTenant();
    const statuses: number[] = [];
    // Three times the budget, four at a time: alternately on each instance through the proxy.
    for (let i = 0; i < 3 * BURST; i += 4) statuses.push(...(await Promise.all(Array.from({ length: 4 }, async () => (await list(proxy.baseUrl, t)).status))));
    const allowed = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // Per instance it would be twice the budget.
    expect(allowed).toBeLessThanOrEqual(BURST);
    expect(allowed).toBeGreaterThan(0);
  });

  it("an Idempotency-Key repeated on the other instance replays the first answer", async () => {
    const t = await makeTenant();
    const email = `cluster-${Date.now()}@example.com`;
    const create = (base: string) =>
      fetch(`${base}/api/json/Account/Create`, {
        method: "POST",
        headers: { ...headers(t), "content-type": "application/x-www-form-urlencoded", "idempotency-key": "cluster-once" },
        body: new URLSearchParams({
          first_name: "Ada",
          last_name: "Lovelace",
          email_address: email,
          country: "US",
          locale: "en-US",
          timezone_id: "America/New_York",
          skip_notification: "Y",
        }),
      });
    const first = await create(instances[0].baseUrl);
    expect(first.status).toBe(200);
    const second = await create(instances[1].baseUrl);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const [a, b] = [await first.json(), await second.json()];
    expect(b.customer_account.customer_account_id).toBe(a.customer_account.customer_account_id);
    const [{ n }] = (await (await getDb()).execute(sql`select count(*)::int as n from customer_accounts where brand_id = ${t.brand_id}`)) as unknown as {
      n: number;
    }[];
    expect(n).toBe(1);
  });

  it("a revoked key fails on both instances within a second, though each had it cached", async () => {
    const t = await makeTenant();
    for (const i of instances) expect((await list(i.baseUrl, t)).status).toBe(200);
    await (await getDb()).execute(sql`update api_keys set revoked_at = now() where key_hash = ${hashSecret(t.key)}`);
    const revokedAt = Date.now();
    for (const i of instances) {
      let status = 0;
      while (Date.now() - revokedAt < 1000 && (status = (await list(i.baseUrl, t)).status) === 200) await new Promise((r) => setTimeout(r, 50));
      expect(status, i.baseUrl).toBe(401);
    }
  });
});

/** Cookies as a browser keeps them: the latest value of each name the answers set (an emptied one goes). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split("=")[1]).getTime() < Date.now()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  copy() {
    const c = new Jar();
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }
}

const get = (url: string, jar: Jar) => fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" }).then((r) => jar.take(r));
const post = (url: string, jar: Jar, form: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  }).then((r) => jar.take(r));

/** Whether a page answers for its signed-in user, or sends them to `signIn` (a redirect, or the refresh Next writes once it streams). */
async function signedIn(url: string, jar: Jar, signIn: string) {
  const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
  const body = await res.text();
  if (res.status >= 300 && res.status < 400) {
    expect(res.headers.get("location"), url).toContain(signIn);
    return false;
  }
  expect(res.status, url).toBe(200);
  return !body.includes(`url=${signIn}`) && !body.includes(`"${signIn}`);
}

describe("a sign-out on one instance is honoured by the other", () => {
  it("dashboard: the session's row ends it everywhere; another session of the user stands", { timeout: 120_000 }, async () => {
    const staff = { email: `cluster-${newId()}@example.com`, password: "cluster staff password" };
    const made = await createServiceAccount(await getDb(), {
      name: "Cluster",
      brandName: "Cluster Brand",
      staffEmail: staff.email,
      staffPassword: staff.password,
    });
    const page = (i: RunningServer) => `${i.baseUrl}/dashboard/${made.brand_id}/security`;
    /** next-auth's credentials sign-in, as the sign-in form posts it, on one instance. */
    const signInOn = async (i: RunningServer) => {
      const jar = new Jar();
      const { csrfToken } = await (await get(`${i.baseUrl}/api/auth/csrf`, jar)).json();
      const res = await post(`${i.baseUrl}/api/auth/callback/credentials`, jar, { csrfToken, email: staff.email, password: staff.password, json: "true" });
      expect(res.status).toBeLessThan(400);
      return jar;
    };
    const [a, b] = instances;
    const laptop = await signInOn(a);
    const phone = await signInOn(b);
    // Each session is good on both instances (one signing secret, one sessions table).
    for (const i of instances) {
      expect(await signedIn(page(i), laptop, "/sign-in"), `laptop on ${i.baseUrl}`).toBe(true);
      expect(await signedIn(page(i), phone, "/sign-in"), `phone on ${i.baseUrl}`).toBe(true);
    }
    const copied = laptop.copy();
    const { csrfToken } = await (await get(`${a.baseUrl}/api/auth/csrf`, laptop)).json();
    expect((await post(`${a.baseUrl}/api/auth/signout`, laptop, { csrfToken, json: "true" })).status).toBeLessThan(400);
    // Signed out on A: the copy of its cookie is refused by B at once (and by A); the other session stands on both.
    expect(await signedIn(page(b), copied, "/sign-in"), "the signed-out session on the other instance").toBe(false);
    expect(await signedIn(page(a), copied, "/sign-in"), "the signed-out session where it signed out").toBe(false);
    for (const i of instances) expect(await signedIn(page(i), phone, "/sign-in"), `the other session on ${i.baseUrl}`).toBe(true);
  });

  it("portal: a session signed out on one instance is refused by the other", { timeout: 120_000 }, async () => {
    const t = await makeTenant();
    const { account, user } = await newCustomer(t, { password: "cluster portal pass 1" });
    const [a, b] = instances;
    const signInOn = async (i: RunningServer) => {
      const { token } = await ok(t, "json", "User/CreateToken", {
        method: "POST",
        params: { customer_account_id: account.customer_account_id, user_id: user.user_id },
      });
      const link = new URL(token.sign_in_url);
      const jar = new Jar();
      const res = await get(`${i.baseUrl}${link.pathname}${link.search}`, jar);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).not.toContain("error");
      return jar;
    };
    const laptop = await signInOn(a);
    const phone = await signInOn(b);
    const page = (i: RunningServer) => `${i.baseUrl}/portal/invoices`;
    for (const i of instances) {
      expect(await signedIn(page(i), laptop, "/portal/login"), `laptop on ${i.baseUrl}`).toBe(true);
      expect(await signedIn(page(i), phone, "/portal/login"), `phone on ${i.baseUrl}`).toBe(true);
    }
    const copied = laptop.copy();
    expect((await post(`${a.baseUrl}/portal/sign-out`, laptop, {})).status).toBe(303);
    expect(await signedIn(page(b), copied, "/portal/login"), "the signed-out session on the other instance").toBe(false);
    expect(await signedIn(page(a), copied, "/portal/login"), "the signed-out session where it signed out").toBe(false);
    for (const i of instances) expect(await signedIn(page(i), phone, "/portal/login"), `the other session on ${i.baseUrl}`).toBe(true);
  });
});

describe("both instances' billing timers", () => {
  const BRANDS = 4;
  const PER_BRAND = 15;

  /** A live brand with PER_BRAND monthly subscriptions paying by card (auto pay, through the fake Stripe), made now (this process's clock is the real one). */
  async function brandOfSubscriptions() {
    const t = await makeTenant();
    await makeGateway(t, { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_fake0123456789abcdef", default_ba: "N" });
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "7.00", expiration_interval: "31" });
    const subs: string[] = [];
    for (let i = 0; i < PER_BRAND; i += 5) {
      subs.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(5, PER_BRAND - i) }, async () => {
            const account = await makeAccount(t);
            const card = await makeCard(t, account, undefined, { require_verification: "N" });
            const { subscription } = await ok(t, "json", "Subscription/Create", {
              method: "POST",
              params: { customer_account_id: account, product_id: product.product_id, pay_method_id: card, override_initial_billing: "Y", auto_pay: "Y" },
            });
            return subscription.subscription_id as string;
          }),
        )),
      );
    }
    return { t, subs };
  }

  const rows = async <T>(q: ReturnType<typeof sql>) => (await (await getDb()).execute(q)) as unknown as T[];

  it("firing together, they invoice, renew and charge each due period exactly once", { timeout: 300_000 }, async () => {
    const brands = [];
    for (let i = 0; i < BRANDS; i++) brands.push(await brandOfSubscriptions());
    const ids = brands.flatMap((b) => b.subs);
    // Which instance holds which brand's billing lock, looked at while they bill.
    const holders = new Set<string>();
    let together = false;
    const lookAtLocks = async () => {
      const held = await rows<{ app: string }>(
        sql`select a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and l.classid = ${BILLING_LOCKS} and l.granted`,
      );
      for (const h of held) holders.add(h.app);
      if (new Set(held.map((h) => h.app)).size > 1) together = true;
    };
    // Whatever the phase of the two timers, and however fast a brand bills: a charge waits (at most
    // 15 s) until the other instance holds a brand too, so both are billing at once. Each run goes
    // brand by brand, skipping one held elsewhere, so the other's next tick takes another brand.
    stripe.beforeEach = async (method, path) => {
      if (method !== "POST" || path !== "/v1/payment_intents") return;
      for (const until = Date.now() + 15_000; !together && Date.now() < until;) {
        await lookAtLocks();
        if (!together) await new Promise((r) => setTimeout(r, 50));
      }
    };
    // Every subscription's renewal falls due at once (yesterday: due in any time zone): the
    // instances' next ticks, half a second apart at most, find them all.
    const [{ due }] = await rows<{ due: string }>(sql`select (current_date - 1)::text as due`);
    await (await getDb()).execute(sql`update subscriptions set renewal_date = ${due}::date where id in ${sql.raw(`('${ids.join("','")}')`)}`);

    const deadline = Date.now() + 120_000;
    let left = ids.length;
    while (left > 0 && Date.now() < deadline) {
      await lookAtLocks();
      [{ left }] = await rows<{ left: number }>(
        sql`select count(*)::int as left from subscriptions s where s.id in ${sql.raw(`('${ids.join("','")}')`)}
          and (s.renewal_date <= ${due}::date or exists (select 1 from invoices i where i.subscription_id = s.id and i.billing_period_start = ${due}::date
            and not exists (select 1 from payments p where p.invoice_id = i.id and p.status <> 'pending')))`,
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    stripe.beforeEach = undefined;
    expect(stripe.hookErrors).toEqual([]);
    expect(left, "every due subscription renewed and its charge answered").toBe(0);
    // More ticks of both timers: nothing more is billed.
    await new Promise((r) => setTimeout(r, 4 * BILLING_INTERVAL_MS));
    expect([...holders].sort(), "both instances billed").toEqual(["cluster-a", "cluster-b"]);
    expect(together, "both billing at once").toBe(true);

    const periods = await rows<{ subscription_id: string; invoices: number; periods: number; attempts: number; paid: number; renewal: string }>(sql`
      select s.id as subscription_id, s.renewal_date::text as renewal,
        (select count(*)::int from invoices i where i.subscription_id = s.id and i.billing_period_start = ${due}::date) as invoices,
        (select count(*)::int from subscription_periods p where p.subscription_id = s.id and p.period_start = ${due}::date) as periods,
        (select count(*)::int from payments p join invoices i on i.id = p.invoice_id where i.subscription_id = s.id and i.billing_period_start = ${due}::date) as attempts,
        (select count(*)::int from payments p join invoices i on i.id = p.invoice_id where i.subscription_id = s.id and i.billing_period_start = ${due}::date and p.status = 'succeeded') as paid
      from subscriptions s where s.id in ${sql.raw(`('${ids.join("','")}')`)}`);
    expect(periods).toHaveLength(ids.length);
    for (const p of periods) expect(p, p.subscription_id).toMatchObject({ invoices: 1, periods: 1, attempts: 1, paid: 1 });
    // One period each: the next renewal is a period after the due one, in the future.
    for (const p of periods) expect(p.renewal > due, p.subscription_id).toBe(true);
  });
});
