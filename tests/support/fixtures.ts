import type { Tenant } from "./api";
import { ok } from "./api";

/**
 * For each resource an id parameter can refer to (`refersTo` in the param meta): make one record in
 * the given tenant and answer its id. The contract test uses these to prove that another brand's
 * ids are answered 404. An endpoint whose id parameter has no fixture here fails the contract test.
 */
export const fixtures: Record<string, (t: Tenant) => Promise<string>> = {
  Brand: async (t) => t.brand_id,
};

/** Makes a record through the API and answers the id in its namespace. */
export async function created(t: Tenant, path: string, params: Record<string, string>, namespace: string, idField: string) {
  const body = await ok(t, "json", path, { method: "POST", params });
  return body[namespace][idField] as string;
}
