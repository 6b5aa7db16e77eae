import type { payMethods } from "../../db/schema";
import { STATUS } from "../lifecycle";

export type PayMethodRow = typeof payMethods.$inferSelect;

/** A pay method as the API shows it: never more than brand, last four digits and expiry. */
export const payMethodView = (p: PayMethodRow) => ({
  pay_method_id: p.id,
  customer_account_id: p.customerAccountId,
  gateway_id: p.gatewayId,
  pay_method_type: p.type,
  brand: p.brand,
  last_four: p.lastFour,
  expiration_month: p.expirationMonth,
  expiration_year: p.expirationYear,
  holder_name: p.holderName,
  account_type: p.accountType,
  verified: p.verified,
  is_default: p.isDefault,
  status: p.deletedAt ? STATUS.DELETED : STATUS.ACTIVE,
  created: p.createdAt,
  updated: p.updatedAt,
  deleted: p.deletedAt,
});
