import type { dunningRules } from "../../db/schema";
import type { EnforcementAction } from "./schemas";

/**
 * Dunning rules as every reader gets them (the dashboard, the API's List through toWire in
 * ./view.ts, which only lib/api calls): the amount in cents, instants as Dates.
 */
export interface DunningRuleRead {
  id: string;
  productGroupId: string;
  name: string;
  description: string;
  /** Days past the due date the rule runs on. */
  overdueDays: number;
  /** The least unpaid balance it runs for, in cents of the brand's currency. */
  overdueAmountCents: number;
  /** ISO 4217 code of the brand's currency. */
  currency: string;
  action: EnforcementAction;
  postUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const readDunningRule = (r: typeof dunningRules.$inferSelect, currency: string): DunningRuleRead => ({
  id: r.id,
  productGroupId: r.productGroupId,
  name: r.name,
  description: r.description,
  overdueDays: r.overdueDays,
  overdueAmountCents: r.overdueAmountCents,
  currency,
  action: r.enforcementAction,
  postUrl: r.postUrl,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
