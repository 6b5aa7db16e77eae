import { defineEndpoint } from "../endpoint";
import { componentToWire } from "../../catalog/view";
import {
  CreateComponentParams,
  DeleteComponentParams,
  ListComponentsParams,
  RestoreComponentParams,
  SuspendComponentParams,
  UpdateComponentParams,
} from "../../catalog/schemas";
import { listComponents, MAX_COMPONENTS_LISTED } from "../../catalog/list-components";
import { createComponent } from "../../catalog/create-component";
import { updateComponent } from "../../subscriptions/update-component";
import { suspendComponent } from "../../catalog/suspend-component";
import { deleteComponent } from "../../subscriptions/delete-component";
import { restoreComponent } from "../../catalog/restore-component";
import { RESTORE_WINDOW_DAYS } from "../../lifecycle";

const FIELD_RULES = [
  "400 INVALID_PARAMETER starting_quantity on a traditional component; maximum_units on a component that is not quantitative, or below starting_quantity",
];

export const componentEndpoints = [
  defineEndpoint({
    resource: "Component",
    action: "List",
    method: "GET",
    summary: `Lists up to ${MAX_COMPONENTS_LISTED} of the brand's components that are not deleted (total counts them all), optionally of one product group; by component_id it also finds a deleted component. status is 1 active, 2 suspended, 3 deleted.`,
    params: ListComponentsParams,
    returns: "component",
    list: "components",
    handler: listComponents,
    wire: componentToWire,
  }),
  defineEndpoint({
    resource: "Component",
    action: "Create",
    method: "POST",
    summary:
      "Creates an add-on for the products of a group: traditional (a set price per cycle), metered (usage reported each cycle) or quantitative (a number of units).",
    params: CreateComponentParams,
    returns: "component",
    refusals: [...FIELD_RULES, "409 INVALID_STATE when the product group is deleted"],
    handler: createComponent,
  }),
  defineEndpoint({
    resource: "Component",
    action: "Update",
    method: "PATCH",
    summary:
      "Changes a component. The required fields are sent every time; component_type and product_group_id must be the current ones (they cannot change). " +
      "Optional fields absent are left alone and sent empty are cleared.",
    params: UpdateComponentParams,
    returns: "component",
    refusals: [
      ...FIELD_RULES,
      "400 INVALID_PARAMETER component_type or product_group_id different from the component's",
      "409 INVALID_STATE when the component is deleted (restore it first)",
      "400 INVALID_PARAMETER on unit_price when a subscription it is attached to (active or suspended) would get a next invoice above the largest amount: the message names the first 5 subscription ids and how many more; nothing is changed",
    ],
    handler: updateComponent,
  }),
  defineEndpoint({
    resource: "Component",
    action: "Suspend",
    method: "PATCH",
    summary: "Suspends an active component: it cannot be added to subscriptions; those that have it keep being billed.",
    params: SuspendComponentParams,
    returns: "component",
    refusals: ["409 INVALID_STATE when the component is not active"],
    handler: suspendComponent,
  }),
  defineEndpoint({
    resource: "Component",
    action: "Delete",
    method: "DELETE",
    summary: `Deletes a component (from any state; deleting again changes nothing): unavailable to existing and new subscriptions. Restorable for ${RESTORE_WINDOW_DAYS} days.`,
    params: DeleteComponentParams,
    returns: "component",
    handler: deleteComponent,
  }),
  defineEndpoint({
    resource: "Component",
    action: "Restore",
    method: "POST",
    summary: `Makes a suspended component, or one deleted at most ${RESTORE_WINDOW_DAYS} days ago, active again.`,
    params: RestoreComponentParams,
    returns: "component",
    refusals: [
      "409 INVALID_STATE when the component is already active, or its product group is deleted",
      `409 RESTORE_WINDOW_EXPIRED more than ${RESTORE_WINDOW_DAYS} days after the deletion`,
    ],
    handler: restoreComponent,
  }),
];
