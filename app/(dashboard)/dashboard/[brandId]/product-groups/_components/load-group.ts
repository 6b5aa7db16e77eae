import type { Context } from "@/lib/auth/context";
import { listProductGroupsPage } from "@/lib/catalog/list-product-groups";
import { loadRecord } from "../../_components/load-record";

/** The group by id (deleted too), or the not-found page. */
export const loadGroup = (ctx: Context, id: string) => loadRecord(ctx, id, listProductGroupsPage);
