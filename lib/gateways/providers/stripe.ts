import Stripe from "stripe";
import { formatAmount, minorUnits } from "../../money";
import { GatewayRefused, GatewayUnknownOutcome, type ChargeResult, type GatewayProvider } from "./types";

/**
 * Stripe, through the official SDK: cards only. A pay method is a PaymentMethod attached to a
 * Customer of its own (Stripe checks the card with the issuer on attach); the token we keep is
 * "cus_.../pm_...". Charges are confirmed off-session PaymentIntents carrying our idempotency key
 * both as Stripe's Idempotency-Key and in metadata, where findCharge searches for it.
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111) points the SDK at another server (tests, stripe-mock).
 * Charges are in the brand's currency.
 */

/** Stripe's amounts are in its own minor units: none for these currencies, thousandths for the next, hundredths for any other (docs.stripe.com/currencies). */
const STRIPE_ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const STRIPE_THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/**
 * Our minor units (the currency's exponent in lib/money.ts) as Stripe's: the same for USD, JPY and
 * KWD; times 100 where ICU bills whole units but Stripe counts hundredths (HUF, IDR, ISK). Null when
 * Stripe's unit is coarser than ours, which would round money: such a charge is refused, not rounded.
 */
export function stripeAmount(minor: number, currency: string): number | null {
  const theirs = STRIPE_ZERO_DECIMAL.has(currency) ? 0 : STRIPE_THREE_DECIMAL.has(currency) ? 3 : 2;
  const shift = theirs - minorUnits(currency);
  if (shift >= 0) return minor * 10 ** shift;
  return minor % 10 ** -shift === 0 ? minor / 10 ** -shift : null;
}

const TIMEOUT_MS = 30_000;

function apiBase(): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const base = process.env.STRIPE_API_BASE;
  if (!base) return {};
  const url = new URL(base);
  return { host: url.hostname, port: url.port || (url.protocol === "http:" ? 80 : 443), protocol: url.protocol === "http:" ? "http" : "https" };
}

// Our own loop retries (after asking Stripe what happened), so the SDK must not retry by itself.
const client = (secretKey: string) => new Stripe(secretKey, { maxNetworkRetries: 0, timeout: TIMEOUT_MS, telemetry: false, ...apiBase() });

const isUnknownOutcome = (e: unknown) =>
  e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError || e instanceof Stripe.errors.StripeRateLimitError;

/** Stripe's errors in our terms; the message is Stripe's own (it never repeats a card number). */
function translate(e: unknown): Error {
  if (isUnknownOutcome(e)) return new GatewayUnknownOutcome(`Stripe did not answer: ${(e as Error).message}`);
  if (e instanceof Stripe.errors.StripeError) return new GatewayRefused(reasonOf(e));
  return e as Error;
}

const reasonOf = (e: Stripe.errors.StripeError) => `${e.decline_code ?? e.code ?? e.type}: ${e.message}`;

function intentResult(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === "succeeded") return { status: "succeeded", transactionId: intent.id };
  if (intent.status === "processing") throw new GatewayUnknownOutcome("Stripe is still processing the charge");
  const error = intent.last_payment_error;
  const reason = error ? `${error.decline_code ?? error.code ?? error.type}: ${error.message ?? "declined"}` : `${intent.status}: the charge was not completed`;
  return { status: "failed", reason, transactionId: intent.id };
}

function splitToken(token: string) {
  const [customer, paymentMethod] = token.split("/");
  return { customer, paymentMethod };
}

export const stripeProvider: GatewayProvider = {
  id: "stripe",
  name: "Stripe",
  credentials: { credentials_1: "Secret key (sk_live_..., sk_test_...) or restricted key (rk_...)", credentials_2: "Not used (leave empty)" },
  payMethodTypes: ["CC"],
  notes:
    "Cards only. The card number is sent to Stripe's API to be tokenized, which Stripe allows only on accounts enabled for raw card data; " +
    "each card becomes a PaymentMethod on a Stripe Customer of its own. Amounts are charged in USD.",
  checkCredentials(credentials1, credentials2) {
    if (!/^(sk|rk)_(live|test)_[A-Za-z0-9]{8,}$/.test(credentials1)) {
      return { parameter: "credentials_1", message: "must be a Stripe secret key like sk_live_... or a restricted key like rk_live_..." };
    }
    return credentials2 ? { parameter: "credentials_2", message: "must be empty for Stripe" } : null;
  },
  connect(gateway) {
    const stripe = client(gateway.credentials1);
    return {
      async createPayMethodToken(method) {
        if (method.type !== "CC") throw new GatewayRefused("Stripe gateways here take cards only");
        const { number, expirationMonth, expirationYear, cvv, holderName } = method.card;
        try {
          const pm = await stripe.paymentMethods.create({
            type: "card",
            card: { number, exp_month: expirationMonth, exp_year: expirationYear, ...(cvv ? { cvc: cvv } : {}) },
            ...(holderName ? { billing_details: { name: holderName } } : {}),
          });
          const customer = await stripe.customers.create({ payment_method: pm.id });
          const card = pm.card!;
          return {
            token: `${customer.id}/${pm.id}`,
            brand: card.brand,
            lastFour: card.last4,
            expirationMonth: card.exp_month,
            expirationYear: card.exp_year,
            verified: true,
          };
        } catch (e) {
          throw translate(e);
        }
      },
      async verifyPayMethod() {
        return { verified: true }; // the issuer checked the card when it was attached
      },
      async charge({ token, amount, currency, idempotencyKey, description }) {
        const { customer, paymentMethod } = splitToken(token);
        const theirs = stripeAmount(amount, currency);
        if (theirs === null)
          return { status: "failed", reason: `Stripe cannot take ${formatAmount(amount, currency)} ${currency} exactly`, transactionId: null };
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount: theirs,
              // Stripe wants the ISO code in lower case.
              currency: currency.toLowerCase(),
              customer,
              payment_method: paymentMethod,
              confirm: true,
              off_session: true,
              description,
              metadata: { idempotency_key: idempotencyKey },
            },
            { idempotencyKey },
          );
          return intentResult(intent);
        } catch (e) {
          // Anything but a lost answer is a definite failure: nothing was charged.
          if (isUnknownOutcome(e) || !(e instanceof Stripe.errors.StripeError)) throw translate(e);
          return { status: "failed", reason: reasonOf(e), transactionId: e.payment_intent?.id ?? null };
        }
      },
      async findCharge(idempotencyKey) {
        try {
          const found = await stripe.paymentIntents.search({ query: `metadata['idempotency_key']:'${idempotencyKey}'`, limit: 1 });
          return found.data[0] ? intentResult(found.data[0]) : null;
        } catch (e) {
          if (e instanceof GatewayUnknownOutcome) throw e;
          throw new GatewayUnknownOutcome(`Stripe could not be asked for the charge: ${(e as Error).message}`);
        }
      },
      async refund({ transactionId, amount, currency, idempotencyKey }) {
        try {
          // Charged in this currency, so its amount converts exactly.
          const refund = await stripe.refunds.create({ payment_intent: transactionId, amount: stripeAmount(amount, currency)! }, { idempotencyKey });
          return { refundId: refund.id };
        } catch (e) {
          throw translate(e);
        }
      },
    };
  },
};
