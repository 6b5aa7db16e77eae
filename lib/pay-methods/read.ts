import type { PayMethodType, payMethods } from "../../db/schema";
import { STATUS, type Status } from "../lifecycle";
import { withCustomerNameReads } from "../accounts/names";
import { payMethodList } from "./list-pay-methods";

export type PayMethodRow = typeof payMethods.$inferSelect;

/**
 * Pay methods as every reader gets them (the dashboard, the portal, the API's List through toWire
 * in ./view.ts, which only lib/api calls): never more than the network, the last four digits and the
 * expiry; flags as booleans, instants as Dates, the status as the ledger names it (deleted or active).
 */
export interface PayMethodRead {
  id: string;
  customerAccountId: string;
  gatewayId: string;
  type: PayMethodType;
  /** The card network ("visa", ...) or, for a bank account, "bank". */
  brand: string;
  lastFour: string;
  expirationMonth: number | null;
  expirationYear: number | null;
  holderName: string | null;
  accountType: "checking" | "savings" | null;
  verified: boolean;
  isDefault: boolean;
  /** Active, or deleted (a pay method is never suspended). */
  status: Status;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const readPayMethod = (p: PayMethodRow): PayMethodRead => ({
  id: p.id,
  customerAccountId: p.customerAccountId,
  gatewayId: p.gatewayId,
  type: p.type,
  brand: p.brand,
  lastFour: p.lastFour,
  expirationMonth: p.expirationMonth,
  expirationYear: p.expirationYear,
  holderName: p.holderName,
  accountType: p.accountType,
  verified: p.verified === "Y",
  isDefault: p.isDefault === "Y",
  status: p.deletedAt ? STATUS.DELETED : STATUS.ACTIVE,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  deletedAt: p.deletedAt,
});

// Through a function: ./list-pay-methods.ts reads through this module too, and may load first.
const named = withCustomerNameReads(
  (ctx, input: Parameters<typeof payMethodList.page>[1]) => payMethodList.page(ctx, input),
  (id) => ({ filters: { id } }),
);

/** The dashboard's pay methods list (live ones): read rows, with each customer's name. */
export const payMethodsPage = named.page;
/** One pay method (deleted ones too, as the API finds them by id) with its customer's name; null when the brand has none by that id. */
export const payMethodDetail = named.one;
