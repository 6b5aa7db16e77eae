import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { STATUS, type Status } from "../lifecycle";
import { accountList } from "./list-accounts";
import type { AccountRow } from "./columns";

/**
 * Customer accounts as every reader gets them (the dashboard, the API's List through toWire in
 * ./view.ts, which only lib/api calls): the prepaid balance in cents, instants as Dates, the status
 * as the ledger names it (db/schema/status.ts), Y/N flags as booleans.
 */
export interface AccountRead {
  id: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  companyName: string | null;
  ccEmailAddress: string | null;
  phoneNumberCountryCode: string | null;
  phoneNumber: string | null;
  address: string | null;
  address2: string | null;
  unit: string | null;
  unitType: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  locale: string;
  timezoneId: string;
  taxId: string | null;
  taxExempt: boolean;
  taxExemptReason: string | null;
  customField1: string | null;
  customField2: string | null;
  securityCode: string;
  prepaidBalanceCents: number;
  /** ISO 4217 code of the brand's currency, of which prepaidBalanceCents is minor units. */
  currency: string;
  status: Status;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const readAccount = (a: AccountRow, currency: string): AccountRead => ({
  id: a.id,
  firstName: a.firstName,
  lastName: a.lastName,
  emailAddress: a.emailAddress,
  companyName: a.companyName,
  ccEmailAddress: a.ccEmailAddress,
  phoneNumberCountryCode: a.phoneNumberCountryCode,
  phoneNumber: a.phoneNumber,
  address: a.address,
  address2: a.address2,
  unit: a.unit,
  unitType: a.unitType,
  city: a.city,
  state: a.state,
  zipCode: a.zipCode,
  country: a.country,
  locale: a.locale,
  timezoneId: a.timezoneId,
  taxId: a.taxId,
  taxExempt: a.taxExempt === "Y",
  taxExemptReason: a.taxExemptReason,
  customField1: a.customField1,
  customField2: a.customField2,
  securityCode: a.securityCode,
  prepaidBalanceCents: a.prepaidBalance,
  currency,
  status: a.status as Status,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  deletedAt: a.deletedAt,
});

/** One customer account of the brand (deleted ones too); null when it has none by that id. */
export async function accountDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  return (await accountList.page(ctx, { filters: { customerAccountId: id }, pageSize: 1 })).rows[0] ?? null;
}

/** Whether the brand has an active customer account (a user needs one). */
export async function anyActiveAccount(ctx: Context) {
  return (await accountList.page(ctx, { filters: { status: STATUS.ACTIVE }, pageSize: 1 })).rows.length > 0;
}

/** A customer account's name by id, for a detail page's link (null when not the brand's). */
export async function accountName(ctx: Context, id: string | null) {
  if (!id) return null;
  const a = (await accountList.page(ctx, { filters: { customerAccountId: id } })).rows[0];
  return a ? `${a.firstName} ${a.lastName}` : null;
}
