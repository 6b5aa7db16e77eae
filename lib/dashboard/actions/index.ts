import { accountActions } from "./accounts";
import { catalogActions } from "./catalog";
import { keyActions } from "./keys";
import { billingActions } from "./billing";
import { deliveryActions } from "./deliveries";
import { platformActions } from "./platform";
import { staffManagementActions } from "./staff";
import { supportActions } from "./support";

/**
 * Every dashboard server action, each the endpoint's own schema and verb, one file per area of the
 * dashboard: app/ binds them to the session one line each, and tests/action-contract.test.ts walks
 * this table (another brand's ids: not found, nothing changed), so an action added to an area's
 * table is covered without writing a test.
 */
export const staffActions = {
  ...accountActions,
  ...catalogActions,
  ...platformActions,
  ...supportActions,
  ...staffManagementActions,
  ...billingActions,
  ...deliveryActions,
  ...keyActions,
};

export type StaffActionName = keyof typeof staffActions;
