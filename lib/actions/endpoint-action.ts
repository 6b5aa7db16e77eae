import type { z } from "zod";
import type { Verb } from "../run-verb";
import { defineAction, type StaffAction } from "./define-action";

/** What a staff action that is an endpoint takes of it: its path, its parameters' schema and its verb. */
export interface EndpointParts {
  resource: string;
  action: string;
  params: z.ZodObject;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: Verb<any, any>;
}

const table = new Map<string, EndpointParts>();

/**
 * The API layer hands its endpoint table over when it loads (lib/api/endpoints/index.ts): the
 * actions never import lib/api, which stands above them. A server reaches it through
 * app/_auth/staff-action.ts, a test through whatever loads lib/api.
 */
export function provideEndpoints(list: readonly EndpointParts[]) {
  for (const e of list) table.set(`${e.resource}/${e.action}`, e);
}

/**
 * A staff action that is an endpoint as it is (its schema and its verb, nothing added): taken from
 * the endpoint table, never listed a second time. An action that adds a rule uses defineAction.
 * Made on first use, since the registries are built before the table is handed over.
 */
export function endpointAction(path: string): StaffAction {
  let made: StaffAction | undefined;
  const action = () => {
    if (made) return made;
    const e = table.get(path);
    if (!e) throw new Error(`endpointAction: no endpoint ${path}${table.size ? "" : " (the endpoint table was never provided: load lib/api/endpoints)"}`);
    return (made = defineAction({ audience: "staff", endpoint: path, schema: e.params, verb: e.handler }));
  };
  return {
    audience: "staff",
    endpoint: path,
    get schema() {
      return action().schema;
    },
    perform: (ctx, raw) => action().perform(ctx, raw),
    run: (session, brandId, raw, opts) => action().run(session, brandId, raw, opts),
  };
}
