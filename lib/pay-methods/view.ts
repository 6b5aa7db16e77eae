import { readPayMethod, type PayMethodRead, type PayMethodRow } from "./read";

const yn = (b: boolean) => (b ? "Y" : "N");

/** The wire: a pay method as the API answers it, from its read row. Only lib/api calls it (and the write verbs through payMethodView). */
export const payMethodToWire = (p: PayMethodRead) => ({
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
  verified: yn(p.verified),
  is_default: yn(p.isDefault),
  status: p.status,
  created: p.createdAt,
  updated: p.updatedAt,
  deleted: p.deletedAt,
});

/** What the write verbs answer today: the wire of the pay method as it now stands. */
export const payMethodView = (p: PayMethodRow) => payMethodToWire(readPayMethod(p));
