import { accountActions } from "./account";
import { billingActions } from "./billing";
import { supportActions } from "./support";

/**
 * Every action the Customer Facing Portal offers, by name, one file per area: the pages' server
 * actions wrap these (app/(portal)/portal/_lib/portal-action.ts), and tests/portal-action-contract.test.ts
 * walks them all with another customer's and another brand's ids. A new portal action is added to
 * its area's table.
 */
export const portalActions = {
  ...supportActions,
  ...accountActions,
  ...billingActions,
};

export type PortalActionName = keyof typeof portalActions;
