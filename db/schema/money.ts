import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, check, date, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { brands } from "./brands";
import { customerAccounts } from "./customers";

const instant = (name: string) => timestamp(name, { withTimezone: true });
const brandId = () =>
  uuid("brand_id")
    .notNull()
    .references(() => brands.id);
const flag = (name: string) =>
  text(name, { enum: ["Y", "N"] })
    .notNull()
    .default("N");
/** Money is integer cents (lib/money.ts). */
const cents = (name: string) => bigint(name, { mode: "number" });
const timestamps = () => ({ createdAt: instant("created_at").notNull(), updatedAt: instant("updated_at").notNull() });

/**
 * A brand's payment gateway. Credentials are AES-256-GCM ciphertext (lib/gateways/credentials.ts);
 * the *_hint columns hold the masked form the API shows. A deleted gateway stays (deleted_at) so
 * the payments it processed can still be refunded through it.
 */
export const payGateways = pgTable(
  "pay_gateways",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    credentials1: text("credentials_1").notNull(),
    credentials1Hint: text("credentials_1_hint").notNull(),
    credentials2: text("credentials_2"),
    credentials2Hint: text("credentials_2_hint"),
    defaultCc: flag("default_cc"),
    defaultBa: flag("default_ba"),
    deletedAt: instant("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    // At most one default per kind and brand: a default is replaced, never doubled.
    uniqueIndex("pay_gateways_default_cc")
      .on(t.brandId)
      .where(sql`${t.defaultCc} = 'Y' and ${t.deletedAt} is null`),
    uniqueIndex("pay_gateways_default_ba")
      .on(t.brandId)
      .where(sql`${t.defaultBa} = 'Y' and ${t.deletedAt} is null`),
    index("pay_gateways_brand").on(t.brandId, t.createdAt),
  ],
);

export const PAY_METHOD_TYPES = ["CC", "BA"] as const;
export type PayMethodType = (typeof PAY_METHOD_TYPES)[number];

/**
 * A customer's card (CC) or bank account (BA): only the gateway's token plus what identifies it to
 * a person (brand, last four, expiry). Never a full card or account number, never a CVV.
 */
export const payMethods = pgTable(
  "pay_methods",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => customerAccounts.id),
    /** The gateway that issued the token; the token is only valid there. */
    gatewayId: uuid("gateway_id")
      .notNull()
      .references(() => payGateways.id),
    type: text("type", { enum: PAY_METHOD_TYPES }).notNull(),
    token: text("token").notNull(),
    /** Card brand (visa, mastercard, ...) or, for bank accounts, "bank". */
    brand: text("brand").notNull(),
    lastFour: text("last_four").notNull(),
    expirationMonth: smallint("expiration_month"),
    expirationYear: smallint("expiration_year"),
    holderName: text("holder_name"),
    accountType: text("account_type", { enum: ["checking", "savings"] }),
    verified: flag("verified"),
    isDefault: flag("is_default"),
    deletedAt: instant("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("pay_methods_one_default")
      .on(t.customerAccountId)
      .where(sql`${t.isDefault} = 'Y' and ${t.deletedAt} is null`),
    index("pay_methods_brand_account").on(t.brandId, t.customerAccountId, t.createdAt),
  ],
);

/** `credit`: a paid amount the invoice no longer needs (its price went down), moved to the prepaid balance. */
/** `tax`: one per tax rate the invoice used (issue 33, lib/tax): its price is the rate's exclusive tax (0 for an inclusive rate), `tax` its snapshot. */
export const INVOICE_LINE_KINDS = ["item", "setup_fee", "recurring", "component", "usage", "discount", "credit", "tax"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** A jsonpath matching any invoice line that breaks the rules of InvoiceLine (the invoices_items check). */
const INVOICE_ITEMS_INVALID =
  '$[*] ? (!(@.itemName.type() == "string" && @.itemPrice.type() == "number" && @.itemPrice == @.itemPrice.floor()' +
  ' && @.quantity.type() == "number" && @.quantity == @.quantity.floor() && @.quantity > 0' +
  ' && (@.kind == "discount" || @.itemPrice >= 0)' +
  ` && (${INVOICE_LINE_KINDS.map((k) => `@.kind == "${k}"`).join(" || ")})` +
  ' && (@.taxExempt == "Y" || @.taxExempt == "N") && (@.componentId == null || @.componentId.type() == "string")))';

/**
 * One line of an invoice, stored in order in invoices.items. Lines are values of their invoice:
 * never addressed on their own, only written with it (replaced whole or appended to at renewal).
 */
export interface InvoiceLine {
  itemName: string;
  /** Unit price in cents; only discount lines may be negative. */
  itemPrice: number;
  quantity: number;
  taxExempt: "Y" | "N";
  kind: InvoiceLineKind;
  componentId: string | null;
  /** The coupon a discount line is for: a coupon's cycle is counted by the invoices that carry it. */
  couponCode?: string;
  /** A `tax` line's snapshot of the rate it used and its amounts (issue 33): later changes of the rate never reach it. */
  tax?: InvoiceTax;
  /**
   * Set on the one `tax` line (priced 0, no `tax`) of an invoice whose account was tax exempt when it
   * was priced: the account's reason then ("" when it gave none), so a later change of the account
   * never rewrites the invoice's "Tax exempt" statement.
   */
  taxExemptReason?: string;
}

/** What an invoice keeps of one tax rate it used (lib/tax/compute.ts). Amounts in minor units. */
export interface InvoiceTax {
  taxRateId: string;
  name: string;
  /** The rate in ten-thousandths of a percent (8.875% is 88750): exact, never a float. */
  percentage: number;
  inclusive: "Y" | "N";
  /** The rate is reverse charged: the customer accounts for the tax, this invoice charges none. */
  reverseCharge: "Y" | "N";
  /** The lines' amount the rate applies to, discounts taken off first. */
  taxedAmount: number;
  /** The tax: added to the total when exclusive, the part of the lines it is when inclusive, 0 when reverse charged. */
  amount: number;
  /** When reverse charged: the customer's and the seller's tax ids the invoice names, as they were. */
  customerTaxId?: string;
  sellerTaxId?: string | null;
}

/**
 * A brand's tax rate (issue 33). Applies to the accounts of its country whose state is its state (or to
 * all of them when it has none); rates of a country and a state stack. Archived, never deleted: the
 * invoices keep a snapshot of what they used.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    name: text("name").notNull(),
    description: text("description"),
    /** Ten-thousandths of a percent: 20% is 200000, 8.875% is 88750. */
    percentage: bigint("percentage", { mode: "number" }).notNull(),
    country: text("country").notNull(),
    state: text("state"),
    inclusive: flag("inclusive"),
    reverseCharge: flag("reverse_charge"),
    archivedAt: instant("archived_at"),
    ...timestamps(),
  },
  (t) => [
    check("tax_rates_percentage", sql`${t.percentage} >= 0 and ${t.percentage} <= 1000000`),
    index("tax_rates_brand_country").on(t.brandId, t.country, t.createdAt),
  ],
);

/**
 * An invoice. Its amount paid, balance and status (0 unpaid, 1 paid, 2 partially paid) are never
 * stored: they are computed from its lines and payments (lib/invoices/amounts.ts), so they cannot
 * disagree; its total is a column PostgreSQL generates from its lines. Only deletion (status 3) is
 * stored, as deleted_at.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => customerAccounts.id),
    /** Set for invoices generated for a subscription (and by Invoice/Create's auto_subscription_id). */
    subscriptionId: uuid("subscription_id"),
    billingPeriodStart: date("billing_period_start", { mode: "string" }),
    /**
     * The invoice's name, <prefix>-<sequence>, gapless and unique per brand (lib/document-numbers.ts),
     * taken in the transaction that issues it. Null only while a subscription's first charge is
     * pending: that invoice is numbered when the charge goes through (a declined one never was issued).
     */
    number: text("number"),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    customField1: text("custom_field_1"),
    customField2: text("custom_field_2"),
    /**
     * The lines (InvoiceLine), in order. Kept on the invoice row rather than a table of their own:
     * an invoice is written and read with its lines, and billing writes one row per invoice
     * instead of one more per line (bench/billing). The check holds every line to what a line table would:
     * whole cents, a positive whole quantity, no negative price but on discounts, a known kind.
     */
    items: jsonb("items")
      .$type<InvoiceLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The lines' total, computed by PostgreSQL whenever the lines are written (invoice_lines_total, 0021:
     * what lib/invoices linesTotalSql adds up): a property of the row, never written by the code.
     */
    totalCents: bigint("total_cents", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(sql`invoice_lines_total(items)`),
    deletedAt: instant("deleted_at"),
    /**
     * Set (with deleted_at) when billing voids an invoice generated for a period that will not start
     * (lib/subscriptions/upcoming-invoice.ts): its payments went to the prepaid balance. A voided
     * invoice bills nothing; one deleted by staff forgives a period that did start.
     */
    voidedAt: instant("voided_at"),
    /**
     * What credit notes for a re-pricing took off this final invoice (issue 31): its lines and total
     * never change once something is paid on it, so what is due is total - credited - paid.
     */
    creditedCents: bigint("credited_cents", { mode: "number" }).notNull().default(0),
    /**
     * The renewal invoice this one adds to (issue 31): the rise of a change made after something was
     * paid on it, or usage billed at a renewal whose invoice was already paid. Charged with it.
     */
    /**
     * The lines a final renewal invoice's period is priced at after a change (its own lines stay as
     * issued): what coupon cycles are counted by at the renewal (lib/billing/renew-due.ts).
     */
    repricedItems: jsonb("repriced_items").$type<InvoiceLine[]>(),
    adjustsInvoiceId: uuid("adjusts_invoice_id").references((): AnyPgColumn => invoices.id),
    ...timestamps(),
  },
  (t) => [
    index("invoices_adjusts")
      .on(t.brandId, t.adjustsInvoiceId)
      .where(sql`${t.adjustsInvoiceId} is not null`),
    // Billing can never create two invoices for one subscription period (NULLs never clash).
    uniqueIndex("invoices_subscription_period").on(t.subscriptionId, t.billingPeriodStart),
    index("invoices_brand_created").on(t.brandId, t.createdAt),
    uniqueIndex("invoices_brand_number").on(t.brandId, t.number),
    index("invoices_brand_account").on(t.brandId, t.customerAccountId, t.createdAt),
    // The overview's invoiced by month and receivables read the live invoices' totals from these alone (0021 adds INCLUDE).
    index("invoices_live_created")
      .on(t.brandId, t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    index("invoices_live_balance")
      .on(t.brandId, t.id)
      .where(sql`${t.deletedAt} is null`),
    check("invoices_items", sql`jsonb_typeof(${t.items}) = 'array' and not jsonb_path_exists(${t.items}, ${sql.raw(`'${INVOICE_ITEMS_INVALID}'`)})`),
  ],
);

export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * The last sequence a brand gave each kind of document (lib/document-numbers.ts). Taking a
 * number locks the row until the transaction ends: gapless (a rollback gives it back) and unique.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    brandId: brandId(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    last: bigint("last", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.kind] }), check("document_counters_last", sql`${t.last} >= 0`)],
);

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "reversed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment: a real-time charge through a gateway (processed_by 'gateway') or a recorded cash or
 * third-party payment ('recorded'), posted to an invoice or to the customer's prepaid balance.
 * Only 'succeeded' payments count. 'pending' means the gateway's answer was lost: it is reconciled
 * (by its id, which is the gateway idempotency key) before anything is charged again.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => customerAccounts.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    payMethodId: uuid("pay_method_id").references(() => payMethods.id),
    gatewayId: uuid("gateway_id").references(() => payGateways.id),
    target: text("target", { enum: ["invoice", "prepaid_balance"] }).notNull(),
    /** prepaid_balance: paid out of the customer's prepaid balance (at renewal, before any card). */
    processedBy: text("processed_by", { enum: ["gateway", "recorded", "prepaid_balance"] }).notNull(),
    amount: cents("amount").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    /** The third party named with override_billing Y, or the provider of a real-time charge. */
    paymentGateway: text("payment_gateway"),
    paymentTransactionId: text("payment_transaction_id"),
    failureReason: text("failure_reason"),
    refundTransactionId: text("refund_transaction_id"),
    reversedAt: instant("reversed_at"),
    /** Which retry of the brand's schedule this attempt is (1 = the first), for a declined renewal; null otherwise. */
    retry: smallint("retry"),
    ...timestamps(),
  },
  (t) => [
    check("payments_amount", sql`${t.amount} > 0`),
    check("payments_target", sql`(${t.target} = 'invoice') = (${t.invoiceId} is not null)`),
    index("payments_brand_invoice").on(t.brandId, t.invoiceId),
    // The overview's receivables: each invoice's succeeded payments from the index alone (0020 adds INCLUDE (amount)).
    index("payments_invoice_paid")
      .on(t.brandId, t.invoiceId)
      .where(sql`${t.status} = 'succeeded'`),
    index("payments_brand_account").on(t.brandId, t.customerAccountId, t.createdAt),
    index("payments_brand_transaction").on(t.brandId, t.paymentTransactionId),
    index("payments_brand_pay_method").on(t.brandId, t.payMethodId),
    index("payments_pending")
      .on(t.brandId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // One attempt per retry of an invoice, whatever the runners (lib/billing/retry-declines.ts).
    uniqueIndex("payments_retry_once")
      .on(t.invoiceId, t.retry)
      .where(sql`${t.retry} is not null`),
    // The declined charges whose retries may still come.
    index("payments_declined")
      .on(t.brandId, t.createdAt)
      .where(sql`${t.status} = 'failed' and ${t.processedBy} = 'gateway' and ${t.invoiceId} is not null`),
  ],
);

export const CREDIT_NOTE_REASONS = ["repriced", "deleted", "withdrawn", "refunded"] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];
export const CREDIT_NOTE_DESTINATIONS = ["prepaid_balance", "refund"] as const;
export type CreditNoteDestination = (typeof CREDIT_NOTE_DESTINATIONS)[number];

/**
 * A credit note (issue 31): money taken off an issued invoice, numbered like invoices and never
 * changed. `repriced`: a change before the renewal lowered a final invoice's price (what was paid
 * above the new price went to the prepaid balance, the rest is no longer owed); `deleted`: staff
 * deleted an invoice with payments on it; `withdrawn`: billing voided an invoice whose period will
 * not start; both move what was paid on it to the prepaid balance. `refunded`: Payment/Delete
 * reversed a payment on it (to the card or bank, or back to the prepaid balance it came from).
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => customerAccounts.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    /** The reversed payment of a `refunded` note. */
    paymentId: uuid("payment_id").references(() => payments.id),
    number: text("number").notNull(),
    reason: text("reason", { enum: CREDIT_NOTE_REASONS }).notNull(),
    destination: text("destination", { enum: CREDIT_NOTE_DESTINATIONS }).notNull(),
    amount: cents("amount").notNull(),
    /** Its tax part (issue 33): its share of each tax of the invoice it credits, as when it was issued (lib/tax/compute.ts creditNoteTaxes). */
    taxes: jsonb("taxes")
      .$type<InvoiceTax[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    check("credit_notes_amount", sql`${t.amount} > 0`),
    uniqueIndex("credit_notes_brand_number").on(t.brandId, t.number),
    index("credit_notes_brand_invoice").on(t.brandId, t.invoiceId),
    index("credit_notes_brand_account").on(t.brandId, t.customerAccountId, t.createdAt),
    index("credit_notes_brand_created").on(t.brandId, t.createdAt),
  ],
);
