import { notFound } from "next/navigation";
import type { Context } from "@/lib/auth/context";
import { productGroupNames } from "@/lib/catalog/group-names";
import { isUuid } from "@/lib/ids";

/** A list's page query (lib/lists.ts), asked for one id. */
type ById<R> = (ctx: Context, input: { filters: { id: string } }) => Promise<{ rows: R[] }>;

/** A record of the brand by id, read through its list (deleted ones too), or the not-found page. */
export async function loadRecord<R>(ctx: Context, id: string, list: ById<R>): Promise<R> {
  if (!isUuid(id)) notFound();
  const record = (await list(ctx, { filters: { id } })).rows[0];
  if (!record) notFound();
  return record;
}

/** A record that belongs to a product group (product, component, dunning rule) with the group's name. */
export async function loadInGroup<R extends { productGroupId: string }>(ctx: Context, id: string, list: ById<R>) {
  const record = await loadRecord(ctx, id, list);
  const groupName = (await productGroupNames(ctx, [record.productGroupId])).get(record.productGroupId) ?? "—";
  return { record, groupName };
}
