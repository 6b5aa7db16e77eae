import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { cardBrand, luhnValid } from "../../lib/gateways/card-numbers";

/**
 * A local stand-in for the parts of Stripe's HTTP API the stripe provider uses, on 127.0.0.1
 * (node:http): PaymentMethods create, Customers create (attaching the card, which is where Stripe
 * checks it with the issuer), PaymentIntents create (Idempotency-Key replays the first answer),
 * retrieve and search by metadata, and Refunds create. Test cards behave like Stripe's:
 *   4242424242424242 succeeds; 4000000000000002 is declined when attached;
 *   4000000000000341 attaches but every charge is declined.
 * Faults for the tests: lose the next answers (the request is carried out, the connection then
 * dropped), an outage (connections dropped before anything happens), and a search index that lags.
 */
interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  status: "succeeded" | "requires_payment_method";
  metadata: Record<string, string>;
  last_payment_error: null | { type: string; code: string; decline_code: string; message: string };
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export class FakeStripe {
  private server: Server = createServer((req, res) => void this.handle(req, res));
  readonly intents: Intent[] = [];
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  /** Everything the fake was sent, for tests that check what left our process. */
  readonly requestBodies: string[] = [];
  private cards = new Map<string, { number: string; exp_month: number; exp_year: number }>();
  private customers = new Map<string, string>();
  private replies = new Map<string, { status: number; body: unknown }>();
  private toLose = 0;
  outage = false;
  searchLags = false;
  /** Refunds are refused (as Stripe refuses one on a disputed charge). */
  refusesRefunds = false;
  /** Runs before each request is carried out (a test looking at the database while we wait on Stripe). */
  beforeEach?: (method: string, path: string) => Promise<void>;
  readonly hookErrors: unknown[] = [];

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `n` requests are carried out but their answers never arrive. */
  loseNextAnswers(n = 1) {
    this.toLose = n;
  }

  /** Succeeded charges made with this idempotency key. */
  chargesFor(idempotencyKey: string) {
    return this.intents.filter((i) => i.metadata.idempotency_key === idempotencyKey && i.status === "succeeded");
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    this.requestBodies.push(raw);
    if (this.outage) return req.socket.destroy();
    const url = new URL(req.url ?? "/", "http://fake");
    try {
      await this.beforeEach?.(req.method ?? "GET", url.pathname);
    } catch (err) {
      this.hookErrors.push(err); // the test sees it; the request is carried out all the same
    }
    const form = new URLSearchParams(raw);
    const auth = req.headers.authorization ?? "";
    let answer: { status: number; body: unknown };
    if (!/^Bearer (sk|rk)_test_/.test(auth)) {
      answer = { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
    } else {
      const key = req.headers["idempotency-key"] as string | undefined;
      const replay = key ? this.replies.get(`${url.pathname}:${key}`) : undefined;
      answer = replay ?? this.route(req.method ?? "GET", url, form);
      if (key && !replay) this.replies.set(`${url.pathname}:${key}`, answer);
    }
    if (this.toLose > 0) {
      this.toLose--;
      return req.socket.destroy();
    }
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(answer.body));
  }

  private route(method: string, url: URL, form: URLSearchParams): { status: number; body: unknown } {
    const path = url.pathname;
    if (method === "POST" && path === "/v1/payment_methods") return this.createPaymentMethod(form);
    if (method === "POST" && path === "/v1/customers") return this.createCustomer(form);
    if (method === "POST" && path === "/v1/payment_intents") return this.createIntent(form);
    if (method === "GET" && path === "/v1/payment_intents/search") return this.searchIntents(url.searchParams.get("query") ?? "");
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && intent) {
      const found = this.intents.find((i) => i.id === intent[1]);
      return found ? { status: 200, body: found } : notFound("payment_intent");
    }
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(form);
    return notFound("route");
  }

  private createPaymentMethod(form: URLSearchParams) {
    const number = form.get("card[number]") ?? "";
    if (!luhnValid(number) || number.length < 13) return cardError("incorrect_number", "incorrect_number", "Your card number is incorrect.");
    const card = { number, exp_month: Number(form.get("card[exp_month]")), exp_year: Number(form.get("card[exp_year]")) };
    const pm = id("pm");
    this.cards.set(pm, card);
    return {
      status: 200,
      body: {
        id: pm,
        object: "payment_method",
        type: "card",
        card: { brand: cardBrand(number), last4: number.slice(-4), exp_month: card.exp_month, exp_year: card.exp_year },
        customer: null,
      },
    };
  }

  private createCustomer(form: URLSearchParams) {
    const pm = form.get("payment_method");
    const card = pm ? this.cards.get(pm) : undefined;
    if (pm && !card) return notFound("payment_method");
    if (card?.number === "4000000000000002") return cardError("card_declined", "generic_decline", "Your card was declined.");
    const customer = id("cus");
    if (pm) this.customers.set(pm, customer);
    return { status: 200, body: { id: customer, object: "customer" } };
  }

  private createIntent(form: URLSearchParams) {
    const pm = form.get("payment_method") ?? "";
    const card = this.cards.get(pm);
    if (!card || this.customers.get(pm) !== form.get("customer")) return notFound("payment_method");
    const declined = card.number === "4000000000000341";
    const intent: Intent = {
      id: id("pi"),
      object: "payment_intent",
      amount: Number(form.get("amount")),
      currency: form.get("currency") ?? "usd",
      customer: form.get("customer") ?? "",
      payment_method: pm,
      status: declined ? "requires_payment_method" : "succeeded",
      metadata: { idempotency_key: form.get("metadata[idempotency_key]") ?? "" },
      last_payment_error: declined ? { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." } : null,
    };
    this.intents.push(intent);
    if (declined) return { status: 402, body: { error: { ...intent.last_payment_error, payment_intent: intent } } };
    return { status: 200, body: intent };
  }

  private searchIntents(query: string) {
    const key = /^metadata\['idempotency_key'\]:'([^']*)'$/.exec(query)?.[1];
    if (!key) return { status: 400, body: { error: { type: "invalid_request_error", message: "unsupported query" } } };
    const data = this.searchLags ? [] : this.intents.filter((i) => i.metadata.idempotency_key === key);
    return { status: 200, body: { object: "search_result", url: "/v1/payment_intents/search", has_more: false, next_page: null, data } };
  }

  private createRefund(form: URLSearchParams) {
    const intent = this.intents.find((i) => i.id === form.get("payment_intent"));
    if (!intent || intent.status !== "succeeded") return notFound("payment_intent");
    if (this.refusesRefunds)
      return { status: 400, body: { error: { type: "invalid_request_error", code: "charge_disputed", message: "This charge is disputed" } } };
    const refund = { id: id("re"), object: "refund", status: "succeeded", payment_intent: intent.id, amount: Number(form.get("amount") ?? intent.amount) };
    this.refunds.push(refund);
    return { status: 200, body: refund };
  }
}

const notFound = (what: string) => ({ status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } } });

const cardError = (code: string, declineCode: string, message: string) => ({
  status: 402,
  body: { error: { type: "card_error", code, decline_code: declineCode, message } },
});
