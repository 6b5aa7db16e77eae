import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import type { Context } from "@/lib/auth/context";
import { productGroupNames } from "@/lib/catalog/group-names";
import { isUuid } from "@/lib/ids";
import { knownAccountId } from "@/lib/subscriptions/read";

/** What Next hands every dashboard record page. */
export type RecordPageProps = { params: Promise<{ brandId: string; id: string }> };

/** Where every dashboard record page starts: the brand's context, the record's id and the brand's address. */
export async function openRecord(params: RecordPageProps["params"]) {
  const { brandId, id } = await params;
  return { brandId, id, ctx: await dashboardContext(brandId), dash: `/dashboard/${brandId}` };
}

/** What Next hands a dashboard create page that may start for a customer (`?customer_account_id=`). */
export type NewPageProps = { params: Promise<{ brandId: string }>; searchParams: Promise<{ customer_account_id?: string | string[] }> };

/** Where a create page for a customer's record starts: the brand's context and address, and the customer chosen in the address if it is the brand's. */
export async function openNewFor({ params, searchParams }: NewPageProps) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const raw = (await searchParams).customer_account_id;
  return { brandId, ctx, dash: `/dashboard/${brandId}`, accountId: await knownAccountId(ctx, typeof raw === "string" ? raw : "") };
}

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
