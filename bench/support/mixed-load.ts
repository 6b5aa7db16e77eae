/**
 * The mixed load of bench/load and bench/cluster: brands seeded through the API in process, a mix of
 * lists, reads and writes as dashboards and integrations make them (half json, half xml), driven at
 * a number of connections, each sending its next call as soon as the last answers, and a report of
 * throughput, p50/p99 per kind and every answer by status.
 */
export type Creds = { key: string; user_key: string; brand_id: string };
export interface Brand {
  creds: Creds;
  productIds: string[];
  accountIds: string[];
}
export interface Call {
  kind: string;
  method: "GET" | "POST";
  path: string;
  params: Record<string, string>;
}

let serial = 0;
const email = () => `load-${process.pid}-${serial++}@example.com`;

/** The mix: mostly lists and reads as dashboards and integrations make them, a third writes. */
const MIX: { weight: number; make: (b: Brand) => Call }[] = [
  { weight: 20, make: () => ({ kind: "Product/List", method: "GET", path: "Product/List", params: {} }) },
  { weight: 15, make: () => ({ kind: "Account/List", method: "GET", path: "Account/List", params: { limit: "25" } }) },
  { weight: 15, make: () => ({ kind: "Subscription/List", method: "GET", path: "Subscription/List", params: { limit: "25" } }) },
  { weight: 10, make: (b) => ({ kind: "Account/List one", method: "GET", path: "Account/List", params: { customer_account_id: pick(b.accountIds) } }) },
  { weight: 5, make: () => ({ kind: "Invoice/List", method: "GET", path: "Invoice/List", params: { limit: "25" } }) },
  {
    weight: 10,
    make: () => ({
      kind: "Account/Create",
      method: "POST",
      path: "Account/Create",
      params: {
        first_name: "Load",
        last_name: "Test",
        email_address: email(),
        country: "US",
        locale: "en-US",
        timezone_id: "America/New_York",
        skip_notification: "Y",
      },
    }),
  },
  {
    weight: 10,
    make: (b) => ({
      kind: "Subscription/Create",
      method: "POST",
      path: "Subscription/Create",
      params: { customer_account_id: pick(b.accountIds), product_id: pick(b.productIds), override_initial_billing: "Y", auto_pay: "N" },
    }),
  },
  {
    weight: 10,
    make: (b) => ({
      kind: "Invoice/Create",
      method: "POST",
      path: "Invoice/Create",
      params: {
        customer_account_id: pick(b.accountIds),
        due_date: "12/31/2030",
        attached_items: '[{"item_name":"Load","item_price":"12.50","tax_exempt":"N"}]',
      },
    }),
  },
  {
    weight: 5,
    make: (b) => ({
      kind: "Note/Create",
      method: "POST",
      path: "Note/Create",
      params: { customer_account_id: pick(b.accountIds), subject: "Load", contents: "A note written under load" },
    }),
  },
];
const TOTAL_WEIGHT = MIX.reduce((s, m) => s + m.weight, 0);
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
function nextCall(b: Brand): Call {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const m of MIX) if ((r -= m.weight) < 0) return m.make(b);
  return MIX[0].make(b);
}

/** `count` brands, each with 5 products and 20 customer accounts, made through the API in process (DATABASE_URL). */
export async function seed(count: number): Promise<Brand[]> {
  const { makeTenant, ok } = await import("../../tests/support/api");
  const { fixtures } = await import("../../tests/support/fixtures");
  const out: Brand[] = [];
  for (let i = 0; i < count; i++) {
    const t = await makeTenant();
    const productIds = await Promise.all(Array.from({ length: 5 }, () => fixtures.Product(t)));
    const accountIds = await Promise.all(Array.from({ length: 20 }, () => fixtures.Account(t)));
    await ok(t, "json", "Product/List");
    out.push({ creds: { key: t.key, user_key: t.user_key, brand_id: t.brand_id }, productIds, accountIds });
  }
  return out;
}

export const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

export interface Tally {
  latencies: Map<string, number[]>;
  statuses: Map<number, number>;
  failures: string[];
  count: number;
}

/** `connections` loops, each sending its next call as soon as the last answers, until the deadline. */
export async function drive(seconds: number, connections: number, next: (i: number) => { url: string; init: RequestInit; kind: string }): Promise<Tally> {
  const tally: Tally = { latencies: new Map(), statuses: new Map(), failures: [], count: 0 };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < deadline) {
        const { url, init, kind } = next(i);
        const t0 = performance.now();
        let status = 0;
        try {
          const r = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
          status = r.status;
          const text = await r.text();
          if (status >= 500 || (status >= 400 && status !== 429)) tally.failures.push(`${kind} ${status} ${text.slice(0, 200)}`);
        } catch (err) {
          tally.failures.push(`${kind} ${String(err)}`);
        }
        const ms = performance.now() - t0;
        tally.count++;
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        let l = tally.latencies.get(kind);
        if (!l) tally.latencies.set(kind, (l = []));
        l.push(ms);
      }
    }),
  );
  return tally;
}

/** Prints the figures (`detail`: per kind of call and the first failures too) and answers the totals. */
export function report(name: string, seconds: number, tally: Tally, detail = true) {
  const all = [...tally.latencies.values()].flat().sort((a, b) => a - b);
  const errors = [...tally.statuses].filter(([s]) => s === 0 || (s >= 400 && s !== 429)).reduce((n, [, c]) => n + c, 0);
  console.log(`\n${name}: ${tally.count} requests in ${seconds} s = ${(tally.count / seconds).toFixed(0)} req/s`);
  console.log(`  p50 ${quantile(all, 0.5).toFixed(1)} ms, p99 ${quantile(all, 0.99).toFixed(1)} ms`);
  console.log(`  by status: ${[...tally.statuses].map(([s, c]) => `${s || "no answer"}=${c}`).join(", ")}`);
  console.log(`  error rate (not counting 429): ${((100 * errors) / Math.max(1, tally.count)).toFixed(3)}%`);
  if (detail && tally.latencies.size > 1) {
    for (const [kind, l] of [...tally.latencies].sort()) {
      l.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(20)} ${String(l.length).padStart(6)} calls  p50 ${quantile(l, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(l, 0.99).toFixed(1).padStart(7)} ms`,
      );
    }
  }
  for (const f of tally.failures.slice(0, detail ? 10 : 3)) console.log(`  failure: ${f}`);
  return { rps: tally.count / seconds, p50: quantile(all, 0.5), p99: quantile(all, 0.99), errors };
}

/** The next call of the mix against `baseUrl` for connection `i` (its brand: i modulo the brands). */
export const mixedCall =
  (baseUrl: string, brands: Brand[]) =>
  (i: number): { url: string; init: RequestInit; kind: string } => {
    const brand = brands[i % brands.length];
    const c = nextCall(brand);
    const headers = { "x-api-key": brand.creds.key, "x-user-key": brand.creds.user_key, "x-brand-id": brand.creds.brand_id };
    const format = Math.random() < 0.5 ? "json" : "xml";
    const url = new URL(`${baseUrl}/api/${format}/${c.path}`);
    if (c.method === "GET") {
      for (const [k, v] of Object.entries(c.params)) url.searchParams.set(k, v);
      return { url: url.toString(), init: { headers }, kind: c.kind };
    }
    return {
      url: url.toString(),
      init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(c.params) },
      kind: c.kind,
    };
  };
