import type { PayMethodType } from "../../../db/schema";

/**
 * What a payment provider must do for us. Each provider is one file in this folder exporting a
 * GatewayProvider, listed in ./index.ts. Money is integer minor units of the request's currency (the
 * brand's, ISO 4217: cents, yen, fils; lib/money.ts); tokens are opaque to the rest of
 * the code. Adapters never put a card or account number into an error message or a log line.
 */
export interface GatewayProvider {
  /** The gateway_provider value, e.g. "sandbox". */
  id: string;
  name: string;
  /** What credentials_1 and credentials_2 hold for this provider (PayGateway/List shows it). */
  credentials: { credentials_1: string; credentials_2: string };
  /** CC (cards) and/or BA (bank accounts). */
  payMethodTypes: readonly PayMethodType[];
  /** What a developer should know (test numbers, limits), shown by PayGateway/List. */
  notes: string;
  /** A problem with the credentials' shape, or null; checked before anything is stored. */
  checkCredentials(credentials1: string, credentials2: string | null): CredentialProblem | null;
  connect(gateway: GatewayConfig): GatewayConnection;
}

export interface CredentialProblem {
  parameter: "credentials_1" | "credentials_2";
  message: string;
}

export interface GatewayConfig {
  id: string;
  credentials1: string;
  credentials2: string | null;
}

export interface CardDetails {
  number: string;
  expirationMonth: number;
  expirationYear: number;
  /** Passed to the provider for its check, never kept. */
  cvv: string | null;
  holderName: string | null;
}

export interface BankAccountDetails {
  routingNumber: string;
  accountNumber: string;
  accountType: "checking" | "savings";
  holderName: string | null;
}

export type NewPayMethod = { type: "CC"; card: CardDetails } | { type: "BA"; bankAccount: BankAccountDetails };

/** All we keep of a pay method: the provider's token and what a person recognises it by. */
export interface PayMethodToken {
  token: string;
  brand: string;
  lastFour: string;
  expirationMonth: number | null;
  expirationYear: number | null;
  /** True once the provider has verified it (a card check, or confirmed micro-deposits). */
  verified: boolean;
}

export interface ChargeRequest {
  token: string;
  amount: number;
  /** ISO 4217 code (upper case) of the brand's currency, of which amount is minor units. */
  currency: string;
  /** The same key on every try of one charge: the provider charges at most once per key. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult = { status: "succeeded"; transactionId: string } | { status: "failed"; reason: string; transactionId: string | null };

export interface RefundRequest {
  transactionId: string;
  amount: number;
  /** The charge's currency: amount is minor units of it. */
  currency: string;
  idempotencyKey: string;
}

export interface GatewayConnection {
  /**
   * Tokenizes a card or bank account. With `verify` a card is checked at once and a bank account
   * gets its micro-deposits (verified later by verifyPayMethod). Throws GatewayRefused on a decline.
   */
  createPayMethodToken(method: NewPayMethod, opts: { verify: boolean }): Promise<PayMethodToken>;
  /** Verifies a pay method; bank accounts need the two micro-deposit amounts in cents. */
  verifyPayMethod(
    token: string,
    type: PayMethodType,
    microDeposits: [number, number] | null,
  ): Promise<{ verified: true } | { verified: false; reason: string }>;
  /** A definite answer, or GatewayUnknownOutcome when the charge may or may not have happened. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made with this idempotency key, null when there is none (GatewayUnknownOutcome when it cannot tell). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Refunds (part of) a charge; repeating with the same key refunds once. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** The provider did not answer, or its answer was lost: the request may or may not have been carried out. */
export class GatewayUnknownOutcome extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayUnknownOutcome";
  }
}

/** The provider definitely refused (a declined card, a refused refund); nothing was carried out. */
export class GatewayRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "GatewayRefused";
  }
}
