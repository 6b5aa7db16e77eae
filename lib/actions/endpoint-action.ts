import { endpoints } from "../api/endpoints";
import { defineAction, type StaffAction } from "./define-action";

const byPath = new Map(endpoints.map((e) => [`${e.resource}/${e.action}`, e]));

/**
 * A staff action that is an endpoint as it is (its schema and its verb, nothing added): taken from
 * the endpoint table, never listed a second time. An action that adds a rule uses defineAction.
 */
export function endpointAction(path: string): StaffAction {
  const e = byPath.get(path);
  if (!e) throw new Error(`endpointAction: no endpoint ${path}`);
  return defineAction({ audience: "staff", endpoint: path, schema: e.params, verb: e.handler });
}
