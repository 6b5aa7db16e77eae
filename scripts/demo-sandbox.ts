import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { brands } from "../db/schema";
import { endpoints } from "../lib/api/endpoints";
import { systemContext, type Brand, type Context } from "../lib/auth/context";
import { SANDBOX_CARDS } from "../lib/gateways/providers/sandbox";
import { runVerb } from "../lib/run-verb";
import { parseParams } from "../lib/wire/parse";
import { WithExtras, type ListResult } from "../lib/wire/results";

/**
 * The demo's second brand, a sandbox one whose test clock rehearses its last twelve months, so the
 * dashboard's Overview, charts and lists look like a business: customers signing up month after
 * month on monthly and yearly plans with add-ons, metered usage and coupons, a few cancelling, cards
 * that start declining and the dunning rules that follow, tickets and notes. Everything goes through
 * the API's own verbs (the endpoint table, with wire parameters, as a request would send them), and
 * time through TestClock/Advance, so invoices, charges, renewals, dunning and churn are the billing
 * code's own. The story is the tables below, drawn with a seeded random generator: the same every time.
 */
export const SANDBOX_BRAND_NAME = "Northwind Cloud (sandbox)";

/** What the brand sells: one product group, its plans, add-ons, coupons and dunning rules. */
const CATALOG = {
  group: { name: "Northwind Cloud", description: "Hosted workspaces for small teams" },
  plans: {
    starter: { name: "Starter monthly", expiration_interval: "30", recurring_price: "19.00", trial: "Y", trial_interval: "10", trial_price: "0.00" },
    pro: { name: "Pro monthly", expiration_interval: "30", recurring_price: "49.00", trial: "Y", trial_interval: "10", trial_price: "0.00" },
    proYearly: { name: "Pro yearly", expiration_interval: "365", recurring_price: "490.00" },
    business: { name: "Business yearly", expiration_interval: "365", recurring_price: "1490.00" },
  },
  addOns: {
    seats: { component_type: "quantitative", name: "Extra seats", description: "Seats beyond the plan's five", unit_price: "8.00", starting_quantity: "0" },
    support: { component_type: "traditional", name: "Priority support", description: "Answers within four hours", unit_price: "29.00" },
    api: {
      component_type: "metered",
      name: "API calls (thousands)",
      description: "Each thousand calls over the 50 included",
      unit_price: "0.40",
      starting_quantity: "50",
    },
  },
  coupons: {
    WELCOME20: { name: "Welcome, 20% off three months", discount_type: "percent", discount_value: "20", duration: "cycles", duration_cycles: "3" },
    SPRING10: { name: "Spring: 10.00 off once", discount_type: "amount", discount_value: "10.00", duration: "once" },
  },
  dunning: [
    { name: "Remind", description: "Reminds the customer of an invoice unpaid for three days", overdue_days: "3", enforcement_action: "REMIND" },
    { name: "Suspend", description: "Suspends the subscription of an invoice unpaid for ten days", overdue_days: "10", enforcement_action: "SUSPEND" },
    { name: "Cancel", description: "Cancels the subscription of an invoice unpaid for 24 days", overdue_days: "24", enforcement_action: "DELETE" },
  ],
} as const;
type Plan = keyof typeof CATALOG.plans;
type AddOn = keyof typeof CATALOG.addOns;

/**
 * New customers in each 30-day month, oldest first: a business that grows (46 in all). The last
 * "month" is the story's last days: those customers are still in Pro's trial.
 */
const SIGNUPS_PER_MONTH = [2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 2];
/** Each customer's plan, add-ons and coupon, drawn with these odds. */
const ODDS = {
  plan: [
    ["starter", 0.35],
    ["pro", 0.35],
    ["proYearly", 0.2],
    ["business", 0.1],
  ] as [Plan, number][],
  seats: 0.3,
  support: 0.2,
  api: 0.45,
  coupon: 0.3,
};
/**
 * The story's turns, by customer (signup order, from 0) and the day after their signup. Cards that
 * start declining are charged at the next renewal: the dunning rules remind, suspend, cancel.
 */
const TURNS: { customer: number; after: number; turn: "cancel" | "cardDeclines" | "newCard" | "upgrade" }[] = [
  { customer: 1, after: 130, turn: "cancel" },
  { customer: 4, after: 100, turn: "upgrade" },
  { customer: 6, after: 200, turn: "cardDeclines" }, // reminded, suspended, cancelled by the rules
  { customer: 9, after: 70, turn: "cancel" },
  { customer: 12, after: 150, turn: "cardDeclines" }, // reminded, then pays with a new card
  { customer: 12, after: 165, turn: "newCard" },
  { customer: 15, after: 40, turn: "upgrade" },
  { customer: 17, after: 100, turn: "cancel" },
  { customer: 22, after: 80, turn: "cardDeclines" }, // reminded, suspended, cancelled by the rules
  { customer: 26, after: 60, turn: "cancel" },
  { customer: 33, after: 40, turn: "cardDeclines" }, // the last renewal declined: reminded, suspended now
];
/** Support: tickets customers open (some answered and closed) and notes staff keep, on random customers. */
const TICKETS = [
  ["Invoice shows the wrong company name", "Our invoice says Northwind Ltd, we are Northwind Labs. Can you fix it?"],
  ["How do I add seats?", "We are hiring two people next week. How do we add seats to our plan?"],
  ["Card declined but it works elsewhere", "Your system says the card was declined. The bank says nothing was attempted."],
  ["Can we switch to yearly billing?", "We would like to pay once a year. What happens to this month's payment?"],
  ["API usage looks high", "Our API usage doubled this month but our traffic did not. Can you check?"],
  ["Receipt for March", "Could you send the March receipt to our accountant?"],
  ["Cancel at the end of the term", "We are moving to another tool; please do not renew."],
  ["VAT number on invoices", "Please add our VAT number to future invoices."],
];
const NOTES = [
  ["Called about renewal", "Customer asked about moving the renewal date to the 1st; explained it follows the signup date."],
  ["Upsell opportunity", "Team is growing fast: mentioned the Business plan, follow up next quarter."],
  ["Payment follow-up", "Left a voicemail about the declined card."],
  ["Onboarding call done", "Walked the admin through workspaces and API keys."],
  ["Discount agreed", "Sales agreed the welcome coupon on the call."],
  ["Prefers email", "Contact by email only, no calls please."],
];
const FIRST = ["Ada", "Ben", "Carla", "Dev", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kemi", "Lars", "Maya", "Nico", "Olga", "Priya"];
const LAST = ["Almeida", "Brooks", "Chen", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ivanova", "Jensen", "Kowalski", "Lopez", "Moreau", "Novak"];
const COMPANY = ["Labs", "Studio", "Analytics", "Logistics", "Foods", "Design", "Health", "Robotics", "Media", "Legal", "Energy", "Travel"];
const SEED = 20_261_127;

const DAY_MS = 86_400_000;
/**
 * The story's last day: it starts at 14:00 UTC of the day a year before the real time, and its
 * events end four or five days before it (the clock is then moved to the real time), so the next
 * renewals fall within the Overview's next seven days.
 */
const STORY_DAYS = 360;

/** The story's next tenth day from `day` on. */
const tenth = (day: number) => Math.ceil(day / 10) * 10;

/** mulberry32: a small seeded generator (the same story every time). */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

interface Customer {
  n: number;
  day: number;
  first: string;
  last: string;
  company: string;
  plan: Plan;
  addOns: Partial<Record<AddOn, string>>;
  coupon?: keyof typeof CATALOG.coupons;
}

type Step = { day: number; run: () => Promise<void> };

/** The customers, drawn from the seed: who signs up when, on which plan, with which add-ons and coupon. */
export function demoCustomers(): Customer[] {
  const r = seeded(SEED);
  return SIGNUPS_PER_MONTH.flatMap((n, month) =>
    Array.from({ length: n }, () => {
      const roll = r.next();
      let acc = 0;
      const plan = ODDS.plan.find(([, p]) => (acc += p) > roll)?.[0] ?? "starter";
      const addOns: Customer["addOns"] = {};
      if (r.chance(ODDS.seats)) addOns.seats = String(1 + r.int(6));
      if (r.chance(ODDS.support)) addOns.support = "1";
      if (plan !== "starter" && r.chance(ODDS.api)) addOns.api = "0";
      const coupon = r.chance(ODDS.coupon) ? r.pick(Object.keys(CATALOG.coupons) as (keyof typeof CATALOG.coupons)[]) : undefined;
      // Signups land on every tenth day: renewals share their days, so a year takes fewer billing runs.
      return {
        day: Math.min(month * 30 + 10 * r.int(3), STORY_DAYS),
        first: r.pick(FIRST),
        last: r.pick(LAST),
        company: `${r.pick(LAST)} ${r.pick(COMPANY)}`,
        plan,
        addOns,
        coupon,
      };
    }),
  )
    .sort((a, b) => a.day - b.day)
    .map((c, n) => ({ ...c, n }));
}

const byPath = new Map(endpoints.map((e) => [`${e.resource}/${e.action}`, e]));
const recordOf = (answer: unknown) => (answer instanceof WithExtras ? answer.record : answer) as Record<string, string>;

/** Calls an API endpoint's verb as a request would: wire parameters through its schema, then runVerb. */
async function api(ctx: Context, path: string, params: Record<string, string | undefined>): Promise<unknown> {
  const endpoint = byPath.get(path);
  if (!endpoint) throw new Error(`demo sandbox: no endpoint ${path}`);
  const wire = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return runVerb(ctx, endpoint.handler, parseParams(endpoint.params, wire, ctx.brand.currency), { read: endpoint.method === "GET" });
}

/** The demo's sandbox brand in the demo service account: null when there is none yet. */
async function findSandbox(db: Db, serviceAccountId: string) {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.serviceAccountId, serviceAccountId), eq(brands.name, SANDBOX_BRAND_NAME), isNull(brands.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Makes the sandbox brand and plays its story, once: a service account that has it already is left
 * alone. `now` is where the story ends (the test clock is moved to it), normally the real time.
 */
export async function ensureDemoSandbox(db: Db, demoBrandId: string, now = new Date()): Promise<{ brandId: string; created: boolean }> {
  const [demo] = await db.select().from(brands).where(eq(brands.id, demoBrandId)).limit(1);
  const existing = await findSandbox(db, demo.serviceAccountId);
  if (existing) return { brandId: existing, created: false };

  const made = recordOf(
    await api(systemContext(db, demo), "Brand/Create", {
      name: SANDBOX_BRAND_NAME,
      description: "A demo business whose test clock rehearsed its last twelve months",
      logo_url: "https://example.com/northwind.png",
      support_email: "support@northwind.example",
      website_url: "https://northwind.example",
      sandbox: "Y",
    }),
  );
  const brandId = made.brand_id;
  // The story starts twelve months back: a new test clock is set there once, before anything
  // happens in the brand (the API moves a clock forward only).
  const start = new Date(Math.floor((now.getTime() - 365 * DAY_MS) / DAY_MS) * DAY_MS + 14 * 3_600_000);
  await db.update(brands).set({ testClockAt: start }).where(eq(brands.id, brandId));
  await playStory(db, brandId, start, now);
  return { brandId, created: true };
}

async function playStory(db: Db, brandId: string, start: Date, end: Date) {
  const load = async (): Promise<Brand> => (await db.select().from(brands).where(eq(brands.id, brandId)).limit(1))[0];
  /** A context at the brand's clock as it now reads (it moves only through TestClock/Advance). */
  let ctx = systemContext(db, await load());
  const call = (path: string, params: Record<string, string | undefined>) => api(ctx, path, params);
  const made = async (path: string, params: Record<string, string | undefined>, id: string) => recordOf(await call(path, params))[id];

  await call("PayGateway/Create", { name: "Sandbox", gateway_provider: "sandbox", credentials_1: "sandbox-demo-key", default_cc: "Y", default_ba: "Y" });
  const group = await made("ProductGroup/Create", CATALOG.group, "product_group_id");
  const plan = {} as Record<Plan, string>;
  for (const [key, p] of Object.entries(CATALOG.plans)) {
    plan[key as Plan] = await made(
      "Product/Create",
      { product_group_id: group, description: p.name, setup_fee: "0.00", trial: "N", auto_pay_discount: "N", prompt_for_variables: "N", tax_exempt: "N", ...p },
      "product_id",
    );
  }
  const addOn = {} as Record<AddOn, string>;
  for (const [key, c] of Object.entries(CATALOG.addOns)) {
    addOn[key as AddOn] = await made("Component/Create", { product_group_id: group, taxable: "N", ...c }, "component_id");
  }
  for (const [code, c] of Object.entries(CATALOG.coupons)) await call("Coupon/Create", { coupon_code: code, stackable: "N", ...c });
  for (const rule of CATALOG.dunning) await call("DunningRule/Create", { product_group_id: group, overdue_amount: "1.00", ...rule });

  const customers = demoCustomers();
  const r = seeded(SEED + 1);
  const who: { account: string; user: string; subscription: string; card: string }[] = [];
  const card = async (c: Customer, number: string) =>
    made(
      "PayMethod/Create",
      {
        customer_account_id: who[c.n].account,
        pay_method_type: "CC",
        card_number: number,
        expiration_month: "12",
        expiration_year: "2031",
        require_verification: "N",
      },
      "pay_method_id",
    );
  const useCard = (c: Customer, payMethod: string) =>
    call("Subscription/Update", { subscription_id: who[c.n].subscription, customer_account_id: who[c.n].account, pay_method_id: payMethod, auto_pay: "Y" });

  const steps: Step[] = [];
  for (const c of customers) {
    steps.push({
      day: c.day,
      run: async () => {
        const answer = await call("Account/Create", {
          first_name: c.first,
          last_name: c.last,
          email_address: `${c.first}.${c.last}.${c.n}@example.com`.toLowerCase(),
          company_name: c.company,
          country: "US",
          locale: "en-US",
          timezone_id: "America/New_York",
          skip_notification: "Y",
        });
        const account = recordOf(answer).customer_account_id;
        const user = ((answer as WithExtras).extras.user as { user_id: string }).user_id;
        who[c.n] = { account, user, subscription: "", card: "" };
        who[c.n].card = await card(c, SANDBOX_CARDS.succeeds);
        const components = Object.entries(c.addOns).map(([k, units]) => ({ component_id: addOn[k as AddOn], units }));
        who[c.n].subscription = await made(
          "Subscription/Create",
          {
            customer_account_id: account,
            product_id: plan[c.plan],
            pay_method_id: who[c.n].card,
            override_initial_billing: "N",
            auto_pay: "Y",
            coupon_code: c.coupon,
            attached_components: components.length ? JSON.stringify(components) : undefined,
          },
          "subscription_id",
        );
      },
    });
    // Metered usage, reported mid-cycle every month while the subscription lasts (on the signups'
    // every tenth day, like every step of the story that can: each other day is one more billing run).
    if (c.addOns.api) {
      for (let day = c.day + 20; day < STORY_DAYS; day += 30) {
        const units = String(30 + r.int(90));
        steps.push({
          day,
          run: () =>
            call("Subscription/ReportUsage", {
              subscription_id: who[c.n].subscription,
              customer_account_id: who[c.n].account,
              component_id: addOn.api,
              units,
              expression_type: "additive",
            }).then(() => undefined, ignoreEnded),
        });
      }
    }
  }
  for (const t of TURNS) {
    const c = customers[t.customer];
    const run = {
      cancel: async () => void (await call("Subscription/Delete", { subscription_id: who[c.n].subscription })),
      cardDeclines: async () => useCard(c, await card(c, SANDBOX_CARDS.declines)).then(() => undefined),
      upgrade: async () =>
        void (await call("Subscription/ChangeProduct", {
          subscription_id: who[c.n].subscription,
          customer_account_id: who[c.n].account,
          product_id: plan[c.plan === "starter" ? "pro" : "business"],
        })),
      // A new card, the open invoices paid with it, and it charges the renewals from now on.
      newCard: async () => {
        const fresh = await card(c, SANDBOX_CARDS.succeeds);
        await useCard(c, fresh);
        const open = (await call("Invoice/List", { customer_account_id: who[c.n].account })) as ListResult<{ invoice_id: string; balance: string }>;
        for (const inv of open.items.filter((i) => Number(i.balance) > 0)) {
          await call("Payment/Create", {
            customer_account_id: who[c.n].account,
            apply_to_prepaid_balance: "N",
            override_billing: "N",
            amount: inv.balance,
            invoice_id: inv.invoice_id,
            pay_method_id: fresh,
          });
        }
      },
    }[t.turn];
    steps.push({ day: Math.min(c.day + t.after, STORY_DAYS), run });
  }
  TICKETS.forEach(([subject, message], i) => {
    const c = customers[r.int(customers.length)];
    const day = Math.min(tenth(c.day + 3 + r.int(60)), STORY_DAYS);
    steps.push({
      day,
      run: async () => {
        const ticket = await made(
          "Ticket/Create",
          { type: "NEW", subject, message, department: "Billing", customer_account_id: who[c.n].account, customer_user_id: who[c.n].user },
          "ticket_id",
        );
        // Most are answered, and the older ones closed; the last few are still open.
        if (i < TICKETS.length - 2) await call("Ticket/Create", { type: "REPLY", ticket_id: ticket, message: "Thanks for writing: this is done now." });
        if (i < TICKETS.length - 4) await call("Ticket/Update", { ticket_id: ticket, working_status: "CLOSED" });
      },
    });
  });
  NOTES.forEach(([subject, contents]) => {
    const c = customers[r.int(customers.length)];
    steps.push({
      day: Math.min(tenth(c.day + 1 + r.int(90)), STORY_DAYS),
      run: async () => void (await call("Note/Create", { customer_account_id: who[c.n].account, subject, contents })),
    });
  });

  // Day by day, in order: the clock is moved to each day's working hours before what happens then.
  steps.sort((a, b) => a.day - b.day);
  for (const step of steps) {
    const at = new Date(start.getTime() + step.day * DAY_MS);
    if (at.getTime() > ctx.now().getTime()) {
      await call("TestClock/Advance", { advance_to: at.toISOString() });
      ctx = systemContext(db, await load());
    }
    await step.run();
  }
  if (end.getTime() > ctx.now().getTime()) await call("TestClock/Advance", { advance_to: end.toISOString() });
}

/** Usage for a subscription the story (or its dunning) has ended since is not reported: refused, skipped. */
function ignoreEnded(err: unknown) {
  if (err instanceof Error && "code" in err && (err as { code: string }).code === "INVALID_STATE") return;
  throw err;
}
